#pragma once

#include "engine/common/result.h"
#include "engine/profiling/memory_counters.h"
#include "engine/simt/launch.h"
#include "engine/timing/host_phases.h"
#include "engine/timing/memory_hierarchy.h"
#include "engine/timing/static_instruction.h"
#include "engine/timing/steady_state_detector.h"
#include "engine/timing/trace_memory.h"
#include "engine/timing/warp_scheduler.h"
#include "engine/trace/trace_events.h"
#include "engine/trace/trace_sink.h"

#include <cstdint>
#include <stop_token>
#include <vector>

namespace engine::timing {

/// How to time a launch.
struct TimingOptions {
    /// Registers per thread for the occupancy limit. PTX does not say how many ptxas allocates; the launch
    /// (a scenario field) supplies it. 32 by default.
    std::uint32_t registersPerThread = 32;
    SchedulerPolicy scheduler = SchedulerPolicy::GreedyThenOldest;
    /// The device's L2 and DRAM counters, kept from launch to launch on one device (as hardware keeps its
    /// L2); null: a fresh, empty L2 for this launch.
    MemoryHierarchy* deviceMemory = nullptr;
    /// SMs whose warps' state intervals are recorded in detail; counters are exact for all SMs regardless.
    std::vector<std::uint32_t> recordSms { 0 };
    std::size_t maxIntervals = 1'000'000; ///< the rest are counted in TimedLaunch::intervalsDropped
    /// When set, intervals go there in batches (the caller has called beginLaunch) instead of into the result.
    TraceSink* sink = nullptr;
    /// Off by default: every block runs. On: a launch that reaches a steady block throughput stops simulating
    /// and extrapolates (steady_state_detector.h); the result says so (TimedLaunch::sampled).
    SamplingOptions sampling;
    /// Host bytes the launch's instruction traces may hold before it stops with an error (0: unbounded).
    std::uint64_t traceBytesLimit = defaultTraceBytesLimit();
    /// Host threads the launch may use (0: one per hardware thread of the affinity mask, usableCores()). Every result
    /// is the same for every count (block_source.h): with two or more, the blocks run functionally ahead of the
    /// timing model.
    unsigned threads = 0;
    /// Caps the windows the SMs step in (0: windowCycles' own length). Where the profile's block_replacement_cycles
    /// covers the window no result depends on its length, which is how the tests show it.
    std::uint64_t maxWindowCycles = 0;
    /// makeStaticTable of the request's module, kept by a caller that launches it many times (TimedExecutor);
    /// null: made for this launch.
    const StaticTable* statics = nullptr;
    /// Whether TimedLaunch::hostPhases is measured (benchmarks); otherwise it stays 0 and the launch reads no clock
    /// for it.
    bool timePhases = false;
};

/// `threads` with 0 replaced by the number of hardware threads (at least 1).
unsigned resolveThreads(unsigned threads);

/// What a timed launch produced: functional statistics, memory counters, and how long it took.
struct TimedLaunch {
    simt::LaunchStats stats;
    MemoryCounterTotals memory; ///< the same counters a functional run gives
    std::vector<PcMemoryCounters> perPcMemory;
    std::vector<MemoryRequest> sampledRequests; ///< block 0's requests, whole (request_sampler.h)
    std::vector<LaneAddresses> sampledLanes;
    std::uint64_t cycles = 0; ///< first block's dispatch to last block's end + the launch's fixed cycles (core clock)
    double kernelTimeUs = 0; ///< cycles ÷ core clock
    double launchOverheadUs = 0; ///< profile timing.launch_overhead_us
    double timeUs = 0; ///< kernel time + launch overhead: what CUDA events around the launch measure
    int blocksPerSm = 0;
    std::uint32_t registersPerThread = 0;
    double theoreticalOccupancy = 0;
    double achievedOccupancy = 0; ///< resident warps averaged over the cycles an SM had any ÷ max warps per SM
    std::uint64_t dramBytesRead = 0;
    std::uint64_t dramBytesWritten = 0;
    CacheCounters caches;
    double l1HitRate = 0; ///< sectors; 0 when nothing was looked up
    double l2HitRate = 0;
    std::uint64_t bytesRequested = 0; ///< bytes the program's global loads and stores asked for (Br + Bw)
    double effectiveBandwidthGBps = 0; ///< ((Br + Bw) ÷ 10^9) ÷ time (best-practices-guide-v8.0.txt §8.2.2)
    double theoreticalBandwidthGBps = 0; ///< best-practices-guide-v8.0.txt §8.2.1
    std::vector<WarpInterval> intervals; ///< of the recorded SMs (empty when a sink took them)
    std::uint64_t intervalsDropped = 0;
    /// True when sampling stopped the launch early: `simulatedBlocks` of the grid ran (functionally and timed),
    /// the cycles of the rest were extrapolated from the steady block throughput and the counters scaled to
    /// the whole grid. The blocks that did not run wrote nothing, so the output buffers are incomplete.
    bool sampled = false;
    std::uint64_t simulatedBlocks = 0; ///< blocks that ran: the whole grid unless sampled
    /// Not a result but how the host ran the launch: blocks of functional batches that read what an earlier block
    /// of their batch wrote, or did not run to their end, and ran again the serial way (block_source.h). Differs
    /// with the thread count; nothing reports it but benchmarks.
    std::uint64_t blocksRunAgain = 0;
    /// Not a result either: where the launch's wall time went on the host (host_phases.h).
    HostPhases hostPhases;
};

/// Runs a kernel launch on the device model with timing: blocks are dispatched to SMs within the occupancy
/// limits, each block runs functionally when dispatched (recording its warps' instruction streams), and its
/// warps are then timed, interleaved with the other resident warps of the SM. Deterministic: the same
/// request, memory contents and options give the same cycles. User errors (bad launch, memcheck, deadlock,
/// cancellation, a configuration that cannot launch) come back as an Error.
Result<TimedLaunch> runTimedKernel(const simt::LaunchRequest& request, simt::DeviceMemory& memory,
    const TimingOptions& options, std::stop_token stop = {});

} // namespace engine::timing
