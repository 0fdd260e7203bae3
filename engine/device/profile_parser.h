#pragma once

#include "engine/common/result.h"
#include "engine/device/device_profile.h"

#include <string>
#include <string_view>

namespace engine {

/// Reads one device profile (format: resources/devices/README.md). Every key is checked: unknown or
/// missing keys, wrong types and values out of range are errors naming `fileName` and the JSON path.
Result<DeviceProfile> parseDeviceProfile(std::string_view text, const std::string& fileName);

} // namespace engine
