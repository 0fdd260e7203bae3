#pragma once

#include "engine/trace/trace_sink.h"

#include <cstddef>
#include <cstdint>

namespace model {

class TraceWriter;

/// Stands between engine::recordRun and a TraceWriter when the same run is recorded again and again as it grows
/// (PartialRunRecorder): passes on only what the recording of the run so far adds to the recordings before it —
/// beginRun and the module once, each kernel and launch once, the stream operations not passed yet — and turns
/// endRun into TraceWriter::checkpointRun, so the run is complete as of its last launch and stays open for the
/// next ones. Relies on recordRun numbering kernels and launches the same way each time (in launch order), which
/// holds for reports that only grow. The thread that records.
class NewLaunchFilter final : public engine::TraceSink {
public:
    explicit NewLaunchFilter(TraceWriter& writer);

    void beginRun(const engine::RunInfo& run) override;
    void endRun(const engine::RunSummary& summary) override;
    void abortRun(std::string_view reason) override;
    void module(const engine::ModuleRecord& module) override;
    void kernel(const engine::KernelRecord& kernel) override;
    void beginLaunch(const engine::LaunchInfo& launch) override;
    void endLaunch(const engine::LaunchSummary& summary) override;
    void pcCounters(std::span<const engine::PcCounter> counters) override;
    void calleeCounters(std::span<const engine::CalleeCounter> counters) override;
    void warpIntervals(std::span<const engine::WarpInterval> intervals) override;
    void memoryRequests(
        std::span<const engine::MemoryRequest> requests, std::span<const engine::LaneAddresses> lanes) override;
    void streamOps(std::span<const engine::StreamOp> ops) override;
    void printfLines(std::span<const engine::simt::PrintfLine> lines, std::uint64_t dropped) override;
    void sweepPoints(std::span<const engine::SweepPoint> points) override;

    /// Launches passed on so far.
    std::uint32_t launchesPassed() const { return m_launchesPassed; }

private:
    TraceWriter& m_writer;
    bool m_runBegun = false;
    bool m_modulePassed = false;
    std::uint32_t m_kernelsPassed = 0;
    std::uint32_t m_launchesPassed = 0;
    std::size_t m_opsPassed = 0;
    bool m_inNewLaunch = false; ///< between beginLaunch and endLaunch of a launch not passed before
};

} // namespace model
