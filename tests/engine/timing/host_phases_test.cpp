// Where a timed launch's host time went (engine/timing/host_phases.h): the phases are parts of the launch's own
// wall time, counted per window, and say nothing the thread count could change in the results.
#include "engine/timing/host_phases.h"
#include "tests/engine/simt/simt_test_util.h"
#include "timing_test_util.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <thread>
#include <utility>

using namespace engine::timing;

namespace {

double phaseSum(const HostPhases& p)
{
    return p.beforeWindows + p.stepping + p.l2Pass + p.settling + p.retiring + p.bookkeeping + p.afterWindows;
}

/// A timed offsetCopy of `n` elements on `threads` threads, and the wall seconds it took.
struct TimedCopy {
    TimedLaunch launch;
    double wall = 0;
};

TimedCopy timeCopyOn(std::uint32_t n, unsigned threads, bool timePhases = true)
{
    static const auto m = simt_testing::corpus("offset_copy");
    TimingOptions options;
    options.threads = threads;
    options.timePhases = timePhases;
    const auto start = std::chrono::steady_clock::now();
    TimedLaunch launch = timing_testing::timeCopy(m, "offsetCopy", "h100", n, n + 32, 1, options);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return TimedCopy { std::move(launch), wall };
}

} // namespace

TEST(HostPhases, APhaseTimerAddsTheTimeItWasAlive)
{
    HostPhases phases;
    phases.timed = true;
    double into = 0.5;
    {
        const PhaseTimer timer(phases, into);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    EXPECT_GE(into, 0.52);
    EXPECT_LT(into, 0.5 + 10.0); // a stopped clock or seconds taken for milliseconds would fail

    phases.timed = false;
    const double before = into;
    {
        const PhaseTimer timer(phases, into);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    EXPECT_EQ(into, before);
}

TEST(HostPhases, ALaunchThatIsNotAskedToTimeItsPhasesLeavesThemZeroAndCountsItsWindows)
{
    // TimingOptions::timePhases off (the default): no phase is timed, not even on several threads, where the stepper
    // still times its jobs for its own choice of threads.
    for (const unsigned threads : { 1u, 3u }) {
        const HostPhases p = timeCopyOn(1u << 17, threads, false).launch.hostPhases;
        EXPECT_FALSE(p.timed);
        EXPECT_GT(p.windows, 1u) << threads;
        EXPECT_EQ(phaseSum(p), 0.0) << threads;
        EXPECT_EQ(p.l2Order + p.l2Shares + p.l2Dram + p.l2Arrivals + p.blockWait, 0.0) << threads;
        EXPECT_EQ(p.steppingBusy + p.l2SharesBusy + p.settlingBusy, 0.0) << threads;
        EXPECT_EQ(p.blocksAhead + p.blocksAheadBusy + p.blocksCommitting, 0.0) << threads;
    }
}

TEST(HostPhases, AWindowedLaunchAccountsForItsWallTimePhaseByPhase)
{
    // The four-wave copy of WindowedLaunch on one and on three threads: every window counted, every phase a part of
    // the launch's wall time, the wait for blocks a part of retiring, the jobs' busy seconds within their phases.
    for (const unsigned threads : { 1u, 3u }) {
        const auto [launch, wall] = timeCopyOn(1u << 17, threads);
        const HostPhases& p = launch.hostPhases;
        EXPECT_GT(p.windows, 1u) << threads;
        EXPECT_GT(p.stepping, 0.0) << threads;
        EXPECT_GT(p.l2Pass, 0.0) << threads;
        EXPECT_GT(p.retiring, 0.0) << threads;
        EXPECT_LE(p.blockWait, p.retiring) << threads;
        EXPECT_GT(p.bookkeeping, 0.0) << threads; // every window chose its SMs
        EXPECT_LE(phaseSum(p), wall) << threads;
        EXPECT_GT(phaseSum(p), 0.5 * wall - 0.05) << threads; // the launch is all of timeCopy's time but its set-up
        // Busy seconds: the jobs' own time, all threads together, at most the phase's wall time on each thread.
        EXPECT_GT(p.steppingBusy, 0.0) << threads;
        EXPECT_LE(p.steppingBusy, p.stepping * threads) << threads;
        EXPECT_GT(p.settlingBusy, 0.0) << threads;
        EXPECT_LE(p.settlingBusy, p.settling * threads) << threads;
        EXPECT_LE(p.l2SharesBusy, p.l2Shares * threads) << threads;
    }
}

TEST(HostPhases, BlocksRunAheadAreTimedBesideTheWindows)
{
    // One thread runs the blocks when the SMs ask for them (inside the waits); on three, the copy's eight waves run
    // ahead on a thread of their own and its batch threads, within the launch's wall time.
    for (const unsigned threads : { 1u, 3u }) {
        const auto [launch, wall] = timeCopyOn(1u << 21, threads);
        const HostPhases& p = launch.hostPhases;
        if (threads == 1) {
            EXPECT_EQ(p.blocksAhead, 0.0);
            EXPECT_EQ(p.blocksAheadBusy, 0.0);
            EXPECT_EQ(p.blocksCommitting, 0.0);
            continue;
        }
        EXPECT_GT(p.blocksAhead, 0.0);
        EXPECT_LE(p.blocksAhead, wall);
        EXPECT_GT(p.blocksAheadBusy, 0.0);
        EXPECT_LE(p.blocksAheadBusy, p.blocksAhead * threads);
        EXPECT_LE(p.blocksCommitting, p.blocksAhead);
    }
}
