#include "engine/occupancy/occupancy_calculator.h"

#include <cmath>

namespace engine {

namespace {

std::string percent(double fraction)
{
    return std::to_string(static_cast<int>(std::lround(fraction * 100))) + " %";
}

std::string reason(OccupancyLimit limit, const DeviceProfile& profile, const OccupancyResult& result)
{
    const auto& limits = profile.limits;
    switch (limit) {
    case OccupancyLimit::Warps:
        return "warps: each block takes " + std::to_string(result.warpsPerBlock) + " warps and an SM holds at most "
            + std::to_string(limits.maxWarpsPerSm);
    case OccupancyLimit::Registers:
        return "registers: each block is allocated " + std::to_string(result.allocatedRegistersPerBlock)
            + " registers and an SM has " + std::to_string(limits.registersPerSm);
    case OccupancyLimit::SharedMemory:
        return "shared memory: each block is allocated " + std::to_string(result.allocatedSharedBytesPerBlock)
            + " bytes and an SM has " + std::to_string(limits.sharedMemoryPerSmBytes);
    case OccupancyLimit::BlockSlots:
        return "block slots: an SM holds at most " + std::to_string(limits.maxBlocksPerSm)
            + " blocks, so larger blocks would raise occupancy";
    }
    return {};
}

} // namespace

std::string explainOccupancy(const DeviceProfile& profile, const OccupancyInput& input, const OccupancyResult& result)
{
    if (result.blocksPerSm == 0) {
        return "No block of " + std::to_string(input.threadsPerBlock)
            + " threads fits on an SM: " + reason(result.limitedBy.front(), profile, result) + ".";
    }
    std::string text = std::to_string(result.blocksPerSm) + (result.blocksPerSm == 1 ? " block" : " blocks") + " of "
        + std::to_string(input.threadsPerBlock) + " threads per SM: " + std::to_string(result.activeWarpsPerSm)
        + " of " + std::to_string(profile.limits.maxWarpsPerSm) + " warps (" + percent(result.occupancy) + "). ";
    if (result.occupancy >= 1.0)
        return text + "Every warp slot of the SM is used.";
    text += "Limited by ";
    for (std::size_t i = 0; i < result.limitedBy.size(); ++i) {
        if (i > 0)
            text += "; and by ";
        text += reason(result.limitedBy[i], profile, result);
    }
    return text + ".";
}

} // namespace engine
