#pragma once

#include "engine/timing/timed_launch.h"

#include <cstdint>

namespace engine::timing {

/// What the blocks retired over a sampled launch's steady windows (steady_state_detector.h) cost the memory
/// system, and how many they were. DRAM bytes and cache sectors depend on the caches' state, so the blocks not
/// run take the steady blocks' cost, not the average that includes the warm-up waves.
struct SteadyWindowCounts {
    MemoryTraffic traffic;
    std::uint64_t blocks = 0;
};

/// The counter half of sampled simulation: extends what `launch` counted over its `simulatedBlocks` blocks to
/// the `gridBlocks` of the whole grid. What the functional run counts — instructions (total and per PC),
/// divergent branches, memory requests, sectors, transactions, wavefronts and bytes (total and per PC), the
/// bytes the program asked for — scales by gridBlocks ÷ simulatedBlocks (the simulated blocks' average);
/// DRAM bytes and cache sectors add, for each block not run, the steady blocks' average. Rounded to integers.
/// Block 0's samples (requests, lanes, bank passes) stay as they were: block 0 always runs. Ratios (hit
/// rates, occupancy) are left to the caller.
void extrapolateCounters(TimedLaunch& launch, std::uint64_t simulatedBlocks, std::uint64_t gridBlocks,
    const SteadyWindowCounts& steady);

} // namespace engine::timing
