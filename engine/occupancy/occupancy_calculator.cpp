#include "engine/occupancy/occupancy_calculator.h"

#include <algorithm>
#include <climits>
#include <optional>

namespace engine {

namespace {

int divideRoundUp(int x, int y)
{
    return (x + y - 1) / y;
}

int roundUp(int x, int multiple)
{
    return divideRoundUp(x, multiple) * multiple;
}

Error invalid(std::string message)
{
    return Error { ErrorCode::InvalidArgument, std::move(message) };
}

// Registers, CC 1.x: allocated to the whole block.
// opencl-programming-guide-2.3.txt §3.2: registers per block = ceil(R × ceil(T, 32), Rmax/32);
// the profile's register_allocation_unit holds Rmax/32 (256 on CC 1.0/1.1, 512 on 1.2/1.3).
void blocksByRegistersPerBlock(const DeviceProfile& profile, const OccupancyInput& input, OccupancyResult& result)
{
    const auto& allocation = profile.allocation;
    const int threads = roundUp(input.threadsPerBlock, profile.warpSize * allocation.warpAllocationGranularity);
    result.allocatedRegistersPerBlock = roundUp(input.registersPerThread * threads, allocation.registerAllocationUnit);
    result.blocksByRegisters = profile.limits.registersPerSm / result.allocatedRegistersPerBlock;
}

// Registers, CC 2.0 and later: allocated per warp in units of register_allocation_unit, from
// warp_allocation_granularity equal sub-partitions of the register file.
// best-practices-guide-current.txt §10.1.1 (CC 7.0: 128-thread blocks at 37 registers give 12 blocks,
// 320-thread blocks give 4) fixes both the per-warp rounding and the 4 sub-partitions; see DIGEST §5.3.
void blocksByRegistersPerWarp(const DeviceProfile& profile, const OccupancyInput& input, OccupancyResult& result)
{
    const auto& allocation = profile.allocation;
    const int partitions = allocation.warpAllocationGranularity;
    const int registersPerWarp = roundUp(input.registersPerThread * profile.warpSize, allocation.registerAllocationUnit);
    result.allocatedRegistersPerBlock = registersPerWarp * result.warpsPerBlock;
    // The per-block register limit is checked as if every sub-partition received the block's warps evenly.
    const int assumedPerBlock = registersPerWarp * roundUp(result.warpsPerBlock, partitions);
    if (assumedPerBlock > profile.limits.maxRegistersPerBlock) {
        result.blocksByRegisters = 0;
        return;
    }
    const int warpsPerPartition = (profile.limits.registersPerSm / partitions) / registersPerWarp;
    result.blocksByRegisters = warpsPerPartition * partitions / result.warpsPerBlock;
}

// Shared memory: each block takes its request plus the runtime's reservation, rounded up to the
// allocation unit, from the SM's largest shared-memory configuration.
// opencl-programming-guide-2.3.txt §3.2 (a block needs static + dynamic + argument shared memory);
// unit, reservation and carve-out per generation from cuda_occupancy.h (CUDA 13.0) and the profile.
void blocksBySharedMemory(const DeviceProfile& profile, const OccupancyInput& input, OccupancyResult& result)
{
    const auto& allocation = profile.allocation;
    const int requested = input.sharedBytesPerBlock + allocation.reservedSharedMemoryPerBlockBytes;
    result.allocatedSharedBytesPerBlock
        = requested == 0 ? 0 : roundUp(requested, allocation.sharedMemoryAllocationUnitBytes);
    result.blocksBySharedMemory = result.allocatedSharedBytesPerBlock == 0
        ? INT_MAX
        : profile.limits.sharedMemoryPerSmBytes / result.allocatedSharedBytesPerBlock;
}

std::optional<Error> checkLaunchable(const DeviceProfile& profile, const OccupancyInput& input)
{
    const auto& limits = profile.limits;
    if (input.threadsPerBlock < 1 || input.threadsPerBlock > limits.maxThreadsPerBlock)
        return invalid("a block of " + std::to_string(input.threadsPerBlock) + " threads is outside 1.."
            + std::to_string(limits.maxThreadsPerBlock) + " on " + profile.id + " (CC "
            + profile.computeCapability.toString() + ")");
    if (input.registersPerThread < 0 || input.registersPerThread > limits.maxRegistersPerThread)
        return invalid(std::to_string(input.registersPerThread) + " registers per thread is outside 0.."
            + std::to_string(limits.maxRegistersPerThread) + " on " + profile.id);
    if (input.sharedBytesPerBlock < 0 || input.sharedBytesPerBlock > limits.maxSharedMemoryPerBlockBytes)
        return invalid(std::to_string(input.sharedBytesPerBlock) + " bytes of shared memory per block is outside 0.."
            + std::to_string(limits.maxSharedMemoryPerBlockBytes) + " on " + profile.id);
    return std::nullopt;
}

} // namespace

const char* toString(OccupancyLimit limit)
{
    switch (limit) {
    case OccupancyLimit::BlockSlots:
        return "blocks";
    case OccupancyLimit::Warps:
        return "warps";
    case OccupancyLimit::Registers:
        return "registers";
    case OccupancyLimit::SharedMemory:
        return "shared_memory";
    }
    return "unknown";
}

Result<OccupancyResult> calculateOccupancy(const DeviceProfile& profile, const OccupancyInput& input)
{
    if (auto error = checkLaunchable(profile, input))
        return *error;
    const auto& limits = profile.limits;
    OccupancyResult result;
    result.warpsPerBlock = divideRoundUp(input.threadsPerBlock, profile.warpSize);
    // Resident blocks are capped by the SM's block slots and warp slots (programming-guide-0.8.2.txt §5.1;
    // opencl-programming-guide-2.3.txt Appendix A.1 for CC 1.x; the profile's limits for later ones).
    result.blocksBySlots = limits.maxBlocksPerSm;
    result.blocksByWarps = std::min(limits.maxWarpsPerSm / result.warpsPerBlock,
        limits.maxThreadsPerSm / (result.warpsPerBlock * profile.warpSize));
    result.blocksByRegisters = INT_MAX;
    if (input.registersPerThread > 0) {
        if (profile.allocation.registerGranularity == RegisterGranularity::Block)
            blocksByRegistersPerBlock(profile, input, result);
        else
            blocksByRegistersPerWarp(profile, input, result);
    }
    blocksBySharedMemory(profile, input, result);

    result.blocksPerSm = std::min({ result.blocksBySlots, result.blocksByWarps, result.blocksByRegisters,
        result.blocksBySharedMemory });
    result.activeWarpsPerSm = result.blocksPerSm * result.warpsPerBlock;
    result.activeThreadsPerSm = result.blocksPerSm * input.threadsPerBlock;
    result.occupancy = static_cast<double>(result.activeWarpsPerSm) / limits.maxWarpsPerSm;

    const std::pair<OccupancyLimit, int> candidates[] = {
        { OccupancyLimit::Warps, result.blocksByWarps },
        { OccupancyLimit::Registers, result.blocksByRegisters },
        { OccupancyLimit::SharedMemory, result.blocksBySharedMemory },
        { OccupancyLimit::BlockSlots, result.blocksBySlots },
    };
    for (const auto& [limit, blocks] : candidates) {
        if (blocks == result.blocksPerSm)
            result.limitedBy.push_back(limit);
    }
    return result;
}

} // namespace engine
