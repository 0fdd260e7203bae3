#include "engine/trace/memory_trace_sink.h"

#include <stdexcept>

namespace engine {

RecordedRun& MemoryTraceSink::current()
{
    // Events outside beginRun/endRun are a bug in the engine's calling order, not a user error.
    if (m_runs.empty())
        throw std::logic_error("MemoryTraceSink: event before beginRun");
    return m_runs.back();
}

RecordedLaunch& MemoryTraceSink::currentLaunch()
{
    auto& run = current();
    if (run.launches.empty())
        throw std::logic_error("MemoryTraceSink: launch event before beginLaunch");
    return run.launches.back();
}

void MemoryTraceSink::beginRun(const RunInfo& run) { m_runs.push_back(RecordedRun { run, {}, {}, {}, {}, {}, {}, {} }); }

void MemoryTraceSink::endRun(const RunSummary& summary) { current().summary = summary; }

void MemoryTraceSink::abortRun(std::string_view reason) { current().abortReason = std::string(reason); }

void MemoryTraceSink::module(const ModuleRecord& module) { current().modules.push_back(module); }

void MemoryTraceSink::kernel(const KernelRecord& kernel) { current().kernels.push_back(kernel); }

void MemoryTraceSink::beginLaunch(const LaunchInfo& launch)
{
    current().launches.push_back(RecordedLaunch { launch, {}, {}, {}, {}, {}, {} });
}

void MemoryTraceSink::endLaunch(const LaunchSummary& summary) { currentLaunch().summary = summary; }

void MemoryTraceSink::pcCounters(std::span<const PcCounter> counters)
{
    auto& launch = currentLaunch();
    launch.pcCounters.insert(launch.pcCounters.end(), counters.begin(), counters.end());
}

void MemoryTraceSink::calleeCounters(std::span<const CalleeCounter> counters)
{
    auto& launch = currentLaunch();
    launch.calleeCounters.insert(launch.calleeCounters.end(), counters.begin(), counters.end());
}

void MemoryTraceSink::warpIntervals(std::span<const WarpInterval> intervals)
{
    auto& launch = currentLaunch();
    launch.intervals.insert(launch.intervals.end(), intervals.begin(), intervals.end());
}

void MemoryTraceSink::memoryRequests(std::span<const MemoryRequest> requests, std::span<const LaneAddresses> lanes)
{
    auto& launch = currentLaunch();
    // Batches are concatenated, so each batch's lane indices move by the lanes kept before it.
    const auto base = static_cast<std::uint32_t>(launch.lanes.size());
    for (auto request : requests) {
        if (request.laneAddressIndex != kNoLaneAddresses)
            request.laneAddressIndex += base;
        launch.requests.push_back(request);
    }
    launch.lanes.insert(launch.lanes.end(), lanes.begin(), lanes.end());
}

void MemoryTraceSink::streamOps(std::span<const StreamOp> ops)
{
    auto& run = current();
    run.streamOps.insert(run.streamOps.end(), ops.begin(), ops.end());
}

void MemoryTraceSink::sweepPoints(std::span<const SweepPoint> points)
{
    auto& run = current();
    run.sweepPoints.insert(run.sweepPoints.end(), points.begin(), points.end());
}

void MemoryTraceSink::replay(std::size_t index, TraceSink& into) const
{
    const auto& run = m_runs.at(index);
    into.beginRun(run.info);
    for (const auto& module : run.modules)
        into.module(module);
    for (const auto& kernel : run.kernels)
        into.kernel(kernel);
    for (const auto& launch : run.launches) {
        into.beginLaunch(launch.info);
        into.pcCounters(launch.pcCounters);
        into.calleeCounters(launch.calleeCounters);
        into.warpIntervals(launch.intervals);
        into.memoryRequests(launch.requests, launch.lanes);
        if (launch.summary)
            into.endLaunch(*launch.summary);
    }
    into.streamOps(run.streamOps);
    into.sweepPoints(run.sweepPoints);
    if (run.summary)
        into.endRun(*run.summary);
    else
        into.abortRun(run.abortReason);
}

} // namespace engine
