#include "engine/occupancy/occupancy_curves.h"

namespace engine {

namespace {

OccupancyPoint pointAt(const DeviceProfile& profile, const OccupancyInput& input, int x)
{
    // A configuration that cannot launch plots as zero occupancy, as the calculator's graphs do.
    const auto result = calculateOccupancy(profile, input);
    if (!result)
        return { x, 0, 0.0 };
    return { x, result->activeWarpsPerSm, result->occupancy };
}

} // namespace

OccupancyCurves occupancyCurves(const DeviceProfile& profile, const OccupancyInput& base)
{
    OccupancyCurves curves;
    const auto& limits = profile.limits;
    for (int threads = profile.warpSize; threads <= limits.maxThreadsPerBlock; threads += profile.warpSize) {
        auto input = base;
        input.threadsPerBlock = threads;
        curves.byThreadsPerBlock.push_back(pointAt(profile, input, threads));
    }
    for (int registers = 1; registers <= limits.maxRegistersPerThread; ++registers) {
        auto input = base;
        input.registersPerThread = registers;
        curves.byRegistersPerThread.push_back(pointAt(profile, input, registers));
    }
    const int step = profile.allocation.sharedMemoryAllocationUnitBytes;
    for (int bytes = 0; bytes <= limits.maxSharedMemoryPerBlockBytes; bytes += step) {
        auto input = base;
        input.sharedBytesPerBlock = bytes;
        curves.bySharedBytesPerBlock.push_back(pointAt(profile, input, bytes));
    }
    return curves;
}

} // namespace engine
