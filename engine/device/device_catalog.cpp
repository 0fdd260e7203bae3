#include "engine/device/device_catalog.h"

#include "engine/common/input_file.h"
#include "engine/device/embedded_file.h"
#include "engine/device/profile_parser.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace engine {

namespace {

void addOrReplace(std::vector<DeviceProfile>& profiles, DeviceProfile profile)
{
    auto it = std::find_if(profiles.begin(), profiles.end(), [&](const auto& p) { return p.id == profile.id; });
    if (it != profiles.end())
        *it = std::move(profile);
    else
        profiles.push_back(std::move(profile));
}

std::vector<std::filesystem::path> jsonFilesIn(const std::filesystem::path& directory)
{
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(directory, ec)) {
        if (entry.path().extension() == ".json")
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

DeviceCatalog::LoadResult DeviceCatalog::load(const std::vector<std::filesystem::path>& userDirectories)
{
    LoadResult result;
    auto& profiles = result.catalog.m_profiles;
    for (const auto& file : builtinProfileFiles()) {
        auto parsed = parseDeviceProfile(file.text, std::string("built-in ") + file.name);
        if (!parsed) {
            result.errors.push_back(parsed.error());
            continue;
        }
        auto profile = std::move(parsed).value();
        profile.origin = "built-in";
        addOrReplace(profiles, std::move(profile));
    }
    for (const auto& directory : userDirectories) {
        for (const auto& path : jsonFilesIn(directory)) {
            auto text = readInputFile(path);
            if (!text) {
                result.errors.push_back(text.error());
                continue;
            }
            auto parsed = parseDeviceProfile(*text, path.string());
            if (parsed)
                addOrReplace(profiles, std::move(parsed).value());
            else
                result.errors.push_back(parsed.error());
        }
    }
    // Oldest generation first, the order people read a comparison in.
    std::stable_sort(profiles.begin(), profiles.end(),
        [](const auto& a, const auto& b) { return a.computeCapability < b.computeCapability; });
    return result;
}

const DeviceProfile* DeviceCatalog::find(std::string_view id) const
{
    auto it = std::find_if(m_profiles.begin(), m_profiles.end(), [&](const auto& p) { return p.id == id; });
    return it == m_profiles.end() ? nullptr : &*it;
}

Result<const DeviceProfile*> DeviceCatalog::get(std::string_view id) const
{
    if (const auto* profile = find(id))
        return profile;
    std::string known;
    for (const auto& profile : m_profiles)
        known += (known.empty() ? "" : ", ") + profile.id;
    return Error {ErrorCode::NotFound, "unknown device '" + std::string(id) + "' (known: " + known + ")"};
}

std::filesystem::path userProfileDirectory()
{
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::filesystem::path(xdg) / "warpscope" / "devices";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".config" / "warpscope" / "devices";
    return {};
}

} // namespace engine
