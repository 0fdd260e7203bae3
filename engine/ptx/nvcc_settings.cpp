#include "engine/ptx/nvcc_settings.h"

#include <algorithm>
#include <cctype>

namespace engine::ptx {

void NvccSettings::append(const NvccSettings& other)
{
    includeDirs.insert(includeDirs.end(), other.includeDirs.begin(), other.includeDirs.end());
    defines.insert(defines.end(), other.defines.begin(), other.defines.end());
    flags.insert(flags.end(), other.flags.begin(), other.flags.end());
}

std::vector<std::string> NvccSettings::toArguments() const
{
    std::vector<std::string> args;
    for (const auto& dir : includeDirs) {
        std::error_code ec;
        const auto absolute = std::filesystem::absolute(dir, ec);
        args.push_back("-I" + (ec ? dir : absolute).lexically_normal().string());
    }
    for (const auto& [name, value] : defines)
        args.push_back("-D" + name + (value.empty() ? "" : "=" + value));
    args.insert(args.end(), flags.begin(), flags.end());
    return args;
}

std::pair<std::string, std::string> parseDefine(const std::string& text)
{
    const auto eq = text.find('=');
    const std::string name = text.substr(0, eq);
    const bool identifier = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]))
        && std::all_of(
            name.begin(), name.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
    if (!identifier)
        return {};
    return {name, eq == std::string::npos ? std::string() : text.substr(eq + 1)};
}

} // namespace engine::ptx
