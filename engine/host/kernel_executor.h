#pragma once

#include "engine/common/result.h"
#include "engine/profiling/cache_counters.h"
#include "engine/profiling/memory_counters.h"
#include "engine/simt/launch.h"
#include "engine/trace/trace_events.h"

#include <optional>
#include <stop_token>

namespace engine {

/// What one kernel launch produced: functional statistics, memory counters, and — when a timing model
/// ran it — its duration.
struct KernelOutcome {
    simt::LaunchStats stats;
    MemoryCounterTotals memory;
    std::vector<PcMemoryCounters> perPcMemory; ///< the kernel function's PCs
    std::optional<double> timeUs; ///< nullopt when the launch ran without a timing model
    std::optional<std::uint64_t> cycles;
    std::optional<double> achievedOccupancy;
    std::optional<std::uint64_t> dramBytesRead;
    std::optional<std::uint64_t> dramBytesWritten;
    std::optional<CacheCounters> caches; ///< L1/L2 sector hits and misses; a timing model's only
    std::vector<MemoryRequest> sampledRequests; ///< block 0's memory requests, whole (request_sampler.h)
    std::vector<LaneAddresses> sampledLanes; ///< their lane addresses
    std::vector<WarpInterval> intervals; ///< per-warp states of the SMs a timing model recorded
    std::uint64_t intervalsDropped = 0; ///< beyond the timing model's cap
    /// True when the timing model sampled the launch (engine/timing/steady_state_detector.h): only
    /// `simulatedBlocks` blocks ran, time and counters were extrapolated to the grid, and the blocks that did
    /// not run left their outputs unwritten.
    bool sampled = false;
    std::optional<std::uint64_t> simulatedBlocks; ///< blocks that ran; nullopt without a timing model (all ran)
};

/// Runs kernel launches for the scenario runner: functionally, or through a timing model.
class KernelExecutor {
public:
    virtual ~KernelExecutor() = default;
    virtual Result<KernelOutcome> run(const simt::LaunchRequest& request, simt::DeviceMemory& memory,
        std::stop_token stop) = 0;
    /// A copy or memset wrote `bytes` of device memory at `address` between launches. A timing model keeps the
    /// bytes in its L2 (the copy engines write through the device's L2); the functional executor has no caches.
    virtual void deviceWritten(std::uint64_t /*address*/, std::uint64_t /*bytes*/) { }
};

/// Runs launches on the functional executor with the generation's memory counters; no timing.
class FunctionalExecutor final : public KernelExecutor {
public:
    Result<KernelOutcome> run(const simt::LaunchRequest& request, simt::DeviceMemory& memory,
        std::stop_token stop) override;
};

} // namespace engine
