#pragma once

#include "engine/simt/printf_log.h"
#include "engine/trace/run_info.h"
#include "engine/trace/trace_events.h"

#include <span>
#include <string_view>

namespace engine {

/// Where the engine pushes what it observed (heaptrack's handler hooks): the SQLite writer in the
/// application, an in-memory sink in tests. Calls arrive in this order from the one thread that runs
/// the scenario:
///
///     beginRun, (module | kernel | beginLaunch (pcCounters | calleeCounters | warpIntervals | memoryRequests)* endLaunch
///               | streamOps | sweepPoints)*, endRun or abortRun
///
/// Batches are spans the engine owns only for the duration of the call; a sink copies what it keeps.
/// A sink never throws into the engine and never blocks on disk for long: a sink that fails
/// (disk full) drops the rest of the run and reports the error through its own interface.
class TraceSink {
public:
    virtual ~TraceSink() = default;

    virtual void beginRun(const RunInfo& run) = 0;
    /// The run is complete: only now may readers see it.
    virtual void endRun(const RunSummary& summary) = 0;
    /// The run stopped early (cancel, kernel fault): nothing of it may become visible.
    virtual void abortRun(std::string_view reason) = 0;

    virtual void module(const ModuleRecord& module) = 0;
    virtual void kernel(const KernelRecord& kernel) = 0;

    virtual void beginLaunch(const LaunchInfo& launch) = 0;
    virtual void endLaunch(const LaunchSummary& summary) = 0;

    /// Per-PC totals of the current launch; one call may carry all of them or a part.
    virtual void pcCounters(std::span<const PcCounter> counters) = 0;
    /// Per-PC issue totals of the functions the current launch's kernel called.
    virtual void calleeCounters(std::span<const CalleeCounter> counters) = 0;
    virtual void warpIntervals(std::span<const WarpInterval> intervals) = 0;
    /// `lanes` holds the lane addresses of the sampled requests of this batch; a request points into it
    /// with laneAddressIndex, or holds kNoLaneAddresses.
    virtual void memoryRequests(std::span<const MemoryRequest> requests, std::span<const LaneAddresses> lanes) = 0;

    virtual void streamOps(std::span<const StreamOp> ops) = 0;
    /// The open launch's device printf lines (simt/printf_log.h) and how many the full buffer overwrote.
    /// Sinks that do not keep them ignore them.
    virtual void printfLines(std::span<const simt::PrintfLine> lines, std::uint64_t dropped)
    {
        static_cast<void>(lines);
        static_cast<void>(dropped);
    }
    virtual void sweepPoints(std::span<const SweepPoint> points) = 0;

protected:
    TraceSink() = default;
    TraceSink(const TraceSink&) = default;
    TraceSink& operator=(const TraceSink&) = default;
};

} // namespace engine
