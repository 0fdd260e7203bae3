#pragma once

#include "engine/common/result.h"
#include "engine/device/device_profile.h"

#include <string>
#include <vector>

namespace engine {

/// What a kernel launch asks of one SM per block.
struct OccupancyInput {
    int threadsPerBlock = 0;
    int registersPerThread = 0; ///< 0 means "not limited by registers"
    int sharedBytesPerBlock = 0; ///< static + dynamic shared memory (and, on CC 1.x, the kernel arguments)
};

/// A resource that caps the number of resident blocks.
enum class OccupancyLimit { BlockSlots, Warps, Registers, SharedMemory };

const char* toString(OccupancyLimit limit);

/// The occupancy calculator's answer for one configuration.
struct OccupancyResult {
    int warpsPerBlock = 0;
    int blocksPerSm = 0;
    int activeWarpsPerSm = 0;
    int activeThreadsPerSm = 0;
    double occupancy = 0; ///< active warps / max warps per SM, 0..1
    // Blocks each resource alone would allow (INT_MAX when that resource does not limit).
    int blocksBySlots = 0;
    int blocksByWarps = 0;
    int blocksByRegisters = 0;
    int blocksBySharedMemory = 0;
    int allocatedRegistersPerBlock = 0; ///< after rounding to the allocation unit and granularity
    int allocatedSharedBytesPerBlock = 0; ///< after the runtime's reservation and rounding
    std::vector<OccupancyLimit> limitedBy; ///< every resource that reaches blocksPerSm, tightest first
};

/// Theoretical occupancy as CUDA's occupancy calculator computes it, for any profile. A configuration
/// that cannot launch at all (block larger than the device allows, too many registers per thread,
/// more shared memory than a block may have) is an InvalidArgument error that says which limit it breaks.
Result<OccupancyResult> calculateOccupancy(const DeviceProfile& profile, const OccupancyInput& input);

/// A sentence or two for people: how many blocks and warps fit, and which resource stops more.
std::string explainOccupancy(const DeviceProfile& profile, const OccupancyInput& input, const OccupancyResult& result);

} // namespace engine
