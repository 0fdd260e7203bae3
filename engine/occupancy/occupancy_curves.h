#pragma once

#include "engine/device/device_profile.h"
#include "engine/occupancy/occupancy_calculator.h"

#include <vector>

namespace engine {

/// One point of an occupancy graph: the varied input and the active warps per SM it gives.
struct OccupancyPoint {
    int x = 0;
    int activeWarpsPerSm = 0;
    double occupancy = 0;
};

/// The three graphs of CUDA's occupancy calculator: occupancy against threads per block, registers per
/// thread and shared memory per block, each varying one input of `base` over the device's whole range.
struct OccupancyCurves {
    std::vector<OccupancyPoint> byThreadsPerBlock; ///< warp size .. max threads per block, step warp size
    std::vector<OccupancyPoint> byRegistersPerThread; ///< 1 .. max registers per thread
    std::vector<OccupancyPoint> bySharedBytesPerBlock; ///< 0 .. max per block, step the allocation unit
};

OccupancyCurves occupancyCurves(const DeviceProfile& profile, const OccupancyInput& base);

} // namespace engine
