#pragma once

#include "engine/trace/trace_sink.h"

#include <optional>
#include <string>
#include <vector>

namespace engine {

/// A launch as MemoryTraceSink kept it.
struct RecordedLaunch {
    LaunchInfo info;
    std::optional<LaunchSummary> summary; ///< set by endLaunch
    std::vector<PcCounter> pcCounters;
    std::vector<CalleeCounter> calleeCounters;
    std::vector<WarpInterval> intervals;
    std::vector<MemoryRequest> requests; ///< laneAddressIndex rebased into `lanes`
    std::vector<LaneAddresses> lanes;
};

/// A run as MemoryTraceSink kept it.
struct RecordedRun {
    RunInfo info;
    std::vector<ModuleRecord> modules;
    std::vector<KernelRecord> kernels;
    std::vector<RecordedLaunch> launches;
    std::vector<StreamOp> streamOps;
    std::vector<SweepPoint> sweepPoints;
    std::optional<RunSummary> summary; ///< set by endRun
    std::string abortReason; ///< set by abortRun
};

/// Keeps every event in memory: for tests, and for round-trips through the store. Lives on the
/// engine's thread; not synchronized.
class MemoryTraceSink final : public TraceSink {
public:
    void beginRun(const RunInfo& run) override;
    void endRun(const RunSummary& summary) override;
    void abortRun(std::string_view reason) override;
    void module(const ModuleRecord& module) override;
    void kernel(const KernelRecord& kernel) override;
    void beginLaunch(const LaunchInfo& launch) override;
    void endLaunch(const LaunchSummary& summary) override;
    void pcCounters(std::span<const PcCounter> counters) override;
    void calleeCounters(std::span<const CalleeCounter> counters) override;
    void warpIntervals(std::span<const WarpInterval> intervals) override;
    void memoryRequests(std::span<const MemoryRequest> requests, std::span<const LaneAddresses> lanes) override;
    void streamOps(std::span<const StreamOp> ops) override;
    void sweepPoints(std::span<const SweepPoint> points) override;

    /// Every run begun so far, finished or not, in order.
    const std::vector<RecordedRun>& runs() const { return m_runs; }

    /// Replays run `index` into another sink, with the same batches' contents (lane addresses rebased).
    void replay(std::size_t index, TraceSink& into) const;

private:
    RecordedRun& current();
    RecordedLaunch& currentLaunch();

    std::vector<RecordedRun> m_runs;
};

} // namespace engine
