#pragma once

#include "engine/device/device_profile.h"
#include "engine/host/resolved_scenario.h"

#include <optional>
#include <string>

namespace engine {

/// Checks a launch's shape against the device's limits (block size and dimensions, grid dimensions,
/// shared memory per block); the error message names the limit, the JSON path is the offending key.
std::optional<Error> validateLaunchShape(const LaunchOp& launch, std::uint64_t staticSharedBytes,
    const DeviceProfile& profile, const std::string& stepPath);

} // namespace engine
