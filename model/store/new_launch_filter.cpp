#include "model/store/new_launch_filter.h"

#include "model/store/trace_writer.h"

namespace model {

NewLaunchFilter::NewLaunchFilter(TraceWriter& writer)
    : m_writer(writer)
{
}

void NewLaunchFilter::beginRun(const engine::RunInfo& run)
{
    if (m_runBegun)
        return;
    m_runBegun = true;
    m_writer.beginRun(run);
}

void NewLaunchFilter::endRun(const engine::RunSummary& summary) { m_writer.checkpointRun(summary); }

void NewLaunchFilter::abortRun(std::string_view reason) { m_writer.abortRun(reason); }

void NewLaunchFilter::module(const engine::ModuleRecord& module)
{
    if (m_modulePassed)
        return;
    m_modulePassed = true;
    m_writer.module(module);
}

void NewLaunchFilter::kernel(const engine::KernelRecord& kernel)
{
    if (kernel.id.value < m_kernelsPassed)
        return;
    m_kernelsPassed = kernel.id.value + 1;
    m_writer.kernel(kernel);
}

void NewLaunchFilter::beginLaunch(const engine::LaunchInfo& launch)
{
    m_inNewLaunch = launch.id.value >= m_launchesPassed;
    if (m_inNewLaunch)
        m_writer.beginLaunch(launch);
}

void NewLaunchFilter::endLaunch(const engine::LaunchSummary& summary)
{
    if (!m_inNewLaunch)
        return;
    m_inNewLaunch = false;
    m_launchesPassed = summary.id.value + 1;
    m_writer.endLaunch(summary);
}

void NewLaunchFilter::pcCounters(std::span<const engine::PcCounter> counters)
{
    if (m_inNewLaunch)
        m_writer.pcCounters(counters);
}

void NewLaunchFilter::calleeCounters(std::span<const engine::CalleeCounter> counters)
{
    if (m_inNewLaunch)
        m_writer.calleeCounters(counters);
}

void NewLaunchFilter::warpIntervals(std::span<const engine::WarpInterval> intervals)
{
    if (m_inNewLaunch)
        m_writer.warpIntervals(intervals);
}

void NewLaunchFilter::memoryRequests(
    std::span<const engine::MemoryRequest> requests, std::span<const engine::LaneAddresses> lanes)
{
    if (m_inNewLaunch)
        m_writer.memoryRequests(requests, lanes);
}

void NewLaunchFilter::streamOps(std::span<const engine::StreamOp> ops)
{
    // The timeline only grows: the operations of earlier recordings come first, in the same order.
    if (ops.size() <= m_opsPassed)
        return;
    m_writer.streamOps(ops.subspan(m_opsPassed));
    m_opsPassed = ops.size();
}

void NewLaunchFilter::printfLines(std::span<const engine::simt::PrintfLine> lines, std::uint64_t dropped)
{
    if (m_inNewLaunch)
        m_writer.printfLines(lines, dropped);
}

void NewLaunchFilter::sweepPoints(std::span<const engine::SweepPoint> points) { m_writer.sweepPoints(points); }

} // namespace model
