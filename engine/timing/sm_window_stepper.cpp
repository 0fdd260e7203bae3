#include "engine/timing/sm_window_stepper.h"

#include <algorithm>
#include <chrono>

namespace engine::timing {

std::uint64_t windowCycles(const DeviceProfile& profile, std::uint64_t fewestBlockCycles)
{
    const int pastL1 = profile.caches.l2Bytes > 0 ? profile.timing.l2HitLatencyCycles : profile.timing.dramLatencyCycles;
    // A block replacing one that retired in a window starts block_replacement_cycles later: past the window's end
    // when the window is no longer, so that it then starts exactly when the serial order would start it.
    const auto replacement = static_cast<std::uint64_t>(std::max(0, profile.timing.blockReplacementCycles));
    const std::uint64_t blockBound
        = std::max({ kMinWindowCycles, fewestBlockCycles / kBlockDelayShare, replacement });
    return std::clamp<std::uint64_t>(static_cast<std::uint64_t>(std::max(1, pastL1)), 1, blockBound);
}

SmWindowStepper::SmWindowStepper(std::vector<SmModel>& sms, MemoryHierarchy& memory, IntervalRecorder& intervals,
    unsigned threads, unsigned guests, std::uint64_t windowCycles, bool shareL2Pass)
    : m_sms(sms)
    , m_memory(memory)
    , m_intervals(intervals)
    , m_workers(threads, guests)
    , m_window(windowCycles)
    , m_shareL2Pass(shareL2Pass)
    , m_parallel(threads > 1) // threads sized to the launch's work: the first window, its wave starting, is large
{
}

void SmWindowStepper::share(
    std::size_t count, const WindowWorkers::Job& job, const WindowWorkers::Home& home, JobSeconds& seconds)
{
    if (m_parallel) { // timed for the next window's choice (kParallelWindowSeconds)
        seconds.resize(count);
        m_workers->run(
            count,
            [&](std::size_t i) {
                const auto began = std::chrono::steady_clock::now();
                job(i);
                seconds[i].value = secondsSince(began);
            },
            home);
        return;
    }
    // Here the jobs' seconds add up to the loop's: one reading of the clock for all, and none when neither the
    // phases nor the choice of threads (one thread: none to choose) want them.
    const bool timed = m_phases.timed || m_workers->threads() > 1;
    const auto began = timed ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point {};
    for (std::size_t i = 0; i < count; ++i)
        job(i);
    seconds.assign(1, ThreadPrivate<double> { timed ? secondsSince(began) : 0.0 });
}

std::optional<Error> SmWindowStepper::retireInOrder(const Retire& retire)
{
    m_retiring.clear(); // due SMs in order, each SM's blocks in the order they finished
    for (const std::uint32_t sm : m_due) {
        for (FinishedBlock& block : m_sms[sm].finished())
            m_retiring.emplace_back(sm, std::move(block));
        m_sms[sm].finished().clear();
    }
    std::stable_sort(m_retiring.begin(), m_retiring.end(),
        [](const auto& a, const auto& b) { return a.second.finishCycle < b.second.finishCycle; });
    for (auto& [sm, block] : m_retiring) {
        if (auto error = retire(sm, block))
            return error;
    }
    return std::nullopt;
}

std::optional<Error> SmWindowStepper::run(std::vector<std::uint64_t>& nextEvent, const Retire& retire,
    const std::stop_token& stop, const std::function<Error()>& cancelled)
{
    for (;;) {
        if (stop.stop_requested())
            return cancelled();
        std::optional<PhaseTimer> bookkeeping(std::in_place, m_phases, m_phases.bookkeeping);
        const std::uint64_t start = *std::min_element(nextEvent.begin(), nextEvent.end());
        if (start == kNever)
            return std::nullopt;
        const std::uint64_t end = start + m_window;
        m_due.clear();
        for (std::uint32_t sm = 0; sm < nextEvent.size(); ++sm) {
            if (nextEvent[sm] < end)
                m_due.push_back(sm);
        }
        bookkeeping.reset();
        ++m_phases.windows;
        m_phases.sharedWindows += m_parallel && m_workers->threads() > 1 ? 1u : 0u;
        // Each SM has a home thread (WindowWorkers): its state stays in one core's caches from window to window.
        const WindowWorkers::Home home = [this](std::size_t i) { return std::size_t { m_due[i] }; };
        {
            const PhaseTimer timer(m_phases, m_phases.stepping);
            m_memory.beginWindow(start, end, m_due);
            share(
                m_due.size(),
                [&](std::size_t i) {
                    const std::uint32_t sm = m_due[i];
                    std::uint64_t next = nextEvent[sm];
                    m_sms[sm].beginWindow();
                    while (next < end)
                        next = m_sms[sm].step(next);
                },
                home, m_stepSeconds);
        }
        {
            const PhaseTimer timer(m_phases, m_phases.l2Pass);
            // As if in (cycle, SM, issue) order on one thread.
            m_memory.applyWindow(m_shareL2Pass && m_parallel ? &*m_workers : nullptr, &m_phases);
        }
        {
            const PhaseTimer timer(m_phases, m_phases.settling);
            share(
                m_due.size(),
                [&](std::size_t i) { // what is left is each SM's own
                    m_memory.settleSmWindow(m_due[i]);
                    m_sms[m_due[i]].settle(end);
                },
                home, m_settleSeconds);
            for (const ThreadPrivate<double>& seconds : m_settleSeconds)
                m_phases.settlingBusy += m_phases.timed ? seconds.value : 0.0;
            for (const std::uint32_t sm : m_due)
                m_sms[sm].drainIntervals(m_intervals);
        }
        {
            const PhaseTimer timer(m_phases, m_phases.retiring);
            if (auto error = retireInOrder(retire))
                return error;
        }
        const PhaseTimer timer(m_phases, m_phases.bookkeeping);
        for (const std::uint32_t sm : m_due) {
            const std::uint64_t wake = m_sms[sm].nextWake();
            nextEvent[sm] = wake == kNever ? kNever : std::max(end, wake);
        }
        double stepped = 0;
        for (const ThreadPrivate<double>& seconds : m_stepSeconds)
            stepped += seconds.value;
        m_phases.steppingBusy += m_phases.timed ? stepped : 0.0;
        m_parallel = stepped >= kParallelWindowSeconds && (!m_shareWhen || m_shareWhen());
    }
}

} // namespace engine::timing
