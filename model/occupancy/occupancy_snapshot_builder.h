#pragma once

#include "model/occupancy/occupancy_snapshot.h"

namespace engine {
struct DeviceProfile;
}

namespace model {

/// The inputs moved into the device's ranges, so a configuration carried over from another device stays launchable
/// as far as each input alone goes.
OccupancyInputs clampToDevice(const engine::DeviceProfile& profile, const OccupancyInputs& inputs);

/// Runs the occupancy calculator and its three curves for `inputs` on `profile`; microseconds of work.
OccupancySnapshot buildOccupancySnapshot(const engine::DeviceProfile& profile, const OccupancyInputs& inputs);

} // namespace model
