#include "engine/timing/speculative_slot.h"

#include "engine/timing/host_phases.h"

#include <algorithm>
#include <chrono>

namespace engine::timing {

SpeculativeSlot::SpeculativeSlot(const Launch& launch)
    : m_recorder(*launch.profile, *launch.module, launch.kernel, launch.plan->warpsPerBlock)
    , m_perFunction(simt::makePcCounters(*launch.module))
    , m_runner(*launch.plan, *launch.memory, &m_recorder, m_perFunction, m_issue)
{
    m_runner.context().overlay = &m_overlay;
}

void SpeculativeSlot::reset()
{
    m_overlay.clear();
    m_recorder.clearCounters();
    if (m_holdsTraces) // of a block dropped
        (void)m_recorder.takeTraces({});
    for (simt::PcCounters& f : m_perFunction) {
        std::fill(f.warpExecutions.begin(), f.warpExecutions.end(), 0);
        std::fill(f.threadExecutions.begin(), f.threadExecutions.end(), 0);
        std::fill(f.divergentBranches.begin(), f.divergentBranches.end(), 0);
    }
    m_runner.context().divergentBranches = 0;
}

void SpeculativeSlot::run(std::uint64_t linear, std::uint64_t budget, std::uint64_t traceBytes,
    const std::stop_source& stop, const std::vector<std::uint64_t>* written)
{
    const auto began = std::chrono::steady_clock::now();
    reset();
    m_overlay.readWholeUnwritten(written);
    m_issue = simt::IssueCounters { 0, 0, budget };
    if (traceBytes != 0)
        m_recorder.limitTraceBytes(traceBytes, stop);
    m_runner.start(linear);
    m_completed = m_runner.runToCompletion(stop.get_token()) && !m_overlay.abandoned();
    m_holdsTraces = true;
    m_runSeconds += secondsSince(began);
}

std::vector<WarpTrace> SpeculativeSlot::commit(simt::WrittenPages& written, const LaunchCounters& into,
    std::vector<WarpTrace> recycled)
{
    m_overlay.addWrites(written);
    m_recorder.moveCountersInto(*into.recorder);
    simt::movePcCounters(m_perFunction, *into.perFunction);
    into.issue->warpInstructions += m_issue.warpInstructions;
    into.issue->threadInstructions += m_issue.threadInstructions;
    *into.divergentBranches += m_runner.context().divergentBranches;
    m_runner.context().divergentBranches = 0;
    m_holdsTraces = false;
    return m_recorder.takeTraces(std::move(recycled));
}

} // namespace engine::timing
