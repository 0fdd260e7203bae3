#pragma once

#include "engine/common/result.h"
#include "engine/device/device_profile.h"

#include <filesystem>
#include <string_view>
#include <vector>

namespace engine {

/// Every device profile the user can pick: the bundled ones, then the user's own, which replace a
/// bundled profile with the same id. Immutable once loaded; safe to share between threads.
class DeviceCatalog {
public:
    struct LoadResult;

    /// Loads the built-in profiles and every *.json in `userDirectories` (missing directories are fine).
    /// A file that fails to parse is left out and reported in LoadResult::errors.
    static LoadResult load(const std::vector<std::filesystem::path>& userDirectories);

    const std::vector<DeviceProfile>& profiles() const { return m_profiles; }
    const DeviceProfile* find(std::string_view id) const;
    /// Like find(), but a missing id is an error that lists the known ids.
    Result<const DeviceProfile*> get(std::string_view id) const;

private:
    std::vector<DeviceProfile> m_profiles;
};

struct DeviceCatalog::LoadResult {
    DeviceCatalog catalog;
    std::vector<Error> errors;
};

/// $XDG_CONFIG_HOME/warpscope/devices, or ~/.config/warpscope/devices (XDG Base Directory spec).
std::filesystem::path userProfileDirectory();

} // namespace engine
