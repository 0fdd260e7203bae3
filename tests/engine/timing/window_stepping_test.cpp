// Windowed stepping (sm_window_stepper.h): what the SMs send past their L1s in a window reaches the L2 and DRAM
// at its end in (cycle, SM, issue) order, which must give exactly what a cycle-ordered simulation gives; and a
// launch stepped on any number of threads has the same results.
#include "engine/timing/memory_hierarchy.h"
#include "engine/common/host_cores.h"
#include "engine/timing/sm_window_stepper.h"
#include "engine/timing/stepper_guests.h"
#include "engine/timing/window_workers.h"
#include "tests/engine/device_fixtures.h"
#include "timing_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <thread>
#include <tuple>
#include <vector>

using namespace engine::timing;

namespace {

enum class Kind { Load, LoadPastL1, Store, Atomic };

struct Access {
    std::uint32_t sm;
    std::uint64_t cycle;
    Kind kind;
    MemTxn txn;
};

std::uint64_t issue(MemoryHierarchy& memory, const Access& a)
{
    switch (a.kind) {
    case Kind::Load: return memory.load(a.sm, { &a.txn, 1 }, a.cycle, true);
    case Kind::LoadPastL1: return memory.load(a.sm, { &a.txn, 1 }, a.cycle, false);
    case Kind::Store: memory.store(a.sm, { &a.txn, 1 }, a.cycle); return 0;
    case Kind::Atomic: return memory.atomic(a.sm, { &a.txn, 1 }, a.cycle, false);
    }
    return 0;
}

/// Each access's result: the windowed hierarchy issues them SM by SM (as the SMs' threads would, each in its
/// own cycle order) and settles at the window's end (its L2 pass shared by `workers` when given); the reference
/// issues them all in (cycle, SM) order.
void expectSameAsCycleOrder(const std::vector<std::vector<Access>>& windows, const engine::DeviceProfile& profile,
    WindowWorkers* workers = nullptr)
{
    MemoryHierarchy reference(profile);
    MemoryHierarchy windowed(profile);
    reference.beginLaunch(l1DataBytes(profile, 0));
    windowed.beginLaunch(l1DataBytes(profile, 0));
    windowed.deferBelowL1(false);
    const std::uint64_t w = windowCycles(profile, 0); // the shortest window
    for (const auto& accesses : windows) {
        std::vector<std::size_t> order(accesses.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
            return std::pair(accesses[x].cycle, accesses[x].sm) < std::pair(accesses[y].cycle, accesses[y].sm);
        });
        std::vector<std::uint64_t> expected(accesses.size());
        for (const std::size_t i : order)
            expected[i] = issue(reference, accesses[i]);

        const std::uint64_t start = std::min_element(accesses.begin(), accesses.end(), [](const auto& x, const auto& y) {
            return x.cycle < y.cycle;
        })->cycle;
        std::vector<std::uint32_t> sms; // the window's SMs only: an SM of an earlier window keeps its stale queue
        for (const Access& a : accesses)
            sms.push_back(a.sm);
        std::sort(sms.begin(), sms.end());
        sms.erase(std::unique(sms.begin(), sms.end()), sms.end());
        windowed.beginWindow(start, start + w, sms);
        std::vector<std::uint64_t> got(accesses.size());
        std::vector<std::size_t> bySm = order; // SM by SM, each SM's accesses in its cycle order
        std::stable_sort(bySm.begin(), bySm.end(), [&](std::size_t x, std::size_t y) { return accesses[x].sm < accesses[y].sm; });
        for (const std::size_t i : bySm) {
            ASSERT_LT(accesses[i].cycle, start + w);
            got[i] = issue(windowed, accesses[i]);
        }
        windowed.settleWindow(workers);
        for (std::size_t i = 0; i < accesses.size(); ++i) {
            const std::uint64_t value = isTicket(got[i]) ? windowed.settled(accesses[i].sm, got[i]) : got[i];
            EXPECT_EQ(value, expected[i]) << "access " << i << " (SM " << accesses[i].sm << ", cycle " << accesses[i].cycle << ")";
            EXPECT_GE(value, accesses[i].kind == Kind::Store ? 0 : accesses[i].cycle + 1);
        }
    }
    EXPECT_EQ(windowed.dramBytesRead(), reference.dramBytesRead());
    EXPECT_EQ(windowed.dramBytesWritten(), reference.dramBytesWritten());
    const auto a = windowed.counters();
    const auto b = reference.counters();
    EXPECT_EQ(a.l1HitSectors, b.l1HitSectors);
    EXPECT_EQ(a.l1MissSectors, b.l1MissSectors);
    EXPECT_EQ(a.l2HitSectors, b.l2HitSectors);
    EXPECT_EQ(a.l2MissSectors, b.l2MissSectors);
}

MemTxn line(std::uint64_t address, std::uint8_t sectors = 0b1111)
{
    constexpr std::array<std::uint32_t, 4> kWhole { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu };
    return MemTxn { address, 32u * static_cast<std::uint32_t>(std::popcount(sectors)), sectors, sectors, 1, kWhole };
}

} // namespace

TEST(WindowedMemory, AWindowSettlesAsACycleOrderedRunWould)
{
    // Within one window of the H100 (16 cycles, far below its 276-cycle L2 hit): SM 1 misses line A first and
    // SM 0 finds that fill in flight in the L2; SM 0's second load waits for its own L1 fill, sent in the same
    // window; a store to B precedes another SM's load of B; two SMs' atomics on C queue at one atomic unit; a
    // load past the L1 and a DRAM miss end it. The next window hits in the L1 the fills the first one sent.
    const std::vector<std::vector<Access>> windows {
        {
            { 1, 1003, Kind::Load, line(0x10000) },
            { 0, 1005, Kind::Load, line(0x10000) },
            { 0, 1008, Kind::Load, line(0x10000, 0b0011) },
            { 2, 1001, Kind::Store, line(0x20000) },
            { 3, 1002, Kind::Load, line(0x20000) },
            { 2, 1004, Kind::Atomic, line(0x30000, 0b0001) },
            { 3, 1004, Kind::Atomic, line(0x30000, 0b0001) },
            { 4, 1010, Kind::LoadPastL1, line(0x20000) },
            { 4, 1015, Kind::Load, line(0x40000) },
        },
        {
            { 0, 3000, Kind::Load, line(0x10000) },
            { 1, 3001, Kind::Load, line(0x10080) },
            { 3, 3002, Kind::Load, line(0x20000) },
        },
    };
    expectSameAsCycleOrder(windows, testing_fixtures::builtinProfile("h100"));
}

TEST(WindowedMemory, ALaunchAfterAnotherStartsItsSmsQueuesAndL1CountsAnew)
{
    // One hierarchy serves an executor's launches one after another, its SMs' queues kept for their room: a launch
    // counts the L1 hits and misses of the SMs it steps only, and a launch that does not defer counts none of them.
    const auto& profile = testing_fixtures::builtinProfile("h100");
    MemoryHierarchy memory(profile);
    const auto missesOn = [&](std::uint32_t sm) {
        memory.beginLaunch(l1DataBytes(profile, 0));
        memory.deferBelowL1(false);
        EXPECT_EQ(memory.counters().l1MissSectors, 0u);
        memory.beginWindow(100, 100 + windowCycles(profile, 0), { &sm, 1 });
        const MemTxn a = line(0x10000);
        const std::uint64_t ticket = memory.load(sm, { &a, 1 }, 101, true);
        memory.settleWindow(nullptr);
        EXPECT_GT(isTicket(ticket) ? memory.settled(sm, ticket) : ticket, 101u);
        EXPECT_EQ(memory.l1Counters(sm).l1MissSectors, 4u) << "SM " << sm;
        return memory.counters().l1MissSectors;
    };
    EXPECT_EQ(missesOn(0), 4u);
    EXPECT_EQ(missesOn(0), 4u); // the same SM again: its queue and counts start anew
    EXPECT_EQ(missesOn(1), 4u); // another SM: SM 0's counts are the last launch's
    EXPECT_EQ(memory.l1Counters(0).l1MissSectors, 0u);
    memory.beginLaunch(l1DataBytes(profile, 0)); // a launch stepped in one event loop (asynchronous copies)
    EXPECT_FALSE(memory.defersBelowL1());
    EXPECT_EQ(memory.counters().l1MissSectors, 0u);
}

TEST(WindowedMemory, AnL2PassSharedByThreadsSettlesAsACycleOrderedRunWould)
{
    // Windows of 600 requests from 8 SMs over 96 lines of an L2 shrunk to 64 lines in 4 sets: lines evicted and
    // fetched again within a window, loads waiting for fills sent earlier in the same window (by their own SM
    // or another), partly written sectors, atomics queueing at their units. The pass's threads each own a range
    // of sets (l2_pass.h); every result must be the cycle-ordered run's.
    engine::DeviceProfile small = testing_fixtures::builtinProfile("h100");
    small.caches.l2Bytes = 64 * 128;
    const std::uint64_t w = windowCycles(small, 0);
    std::uint64_t seed = 12345;
    const auto next = [&seed](std::uint64_t bound) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        return (seed >> 33) % bound;
    };
    std::vector<std::vector<Access>> windows;
    for (const std::uint64_t start : { std::uint64_t { 1000 }, std::uint64_t { 5000 }, 5000 + w }) {
        std::vector<Access> accesses;
        for (int i = 0; i < 600; ++i) {
            const auto sectors = static_cast<std::uint8_t>(1 + next(15));
            MemTxn txn = line(0x100000 + 128 * next(96), sectors);
            const auto kind = static_cast<Kind>(next(4));
            if (kind == Kind::Store)
                txn.byteMasks = { 0xffffu, 0xffffffffu, 0xff00ff00u, 0xffffffffu }; // some sectors partly written
            accesses.push_back(Access { static_cast<std::uint32_t>(next(8)), start + next(w), kind, txn });
        }
        windows.push_back(std::move(accesses));
    }
    for (const unsigned threads : { 2u, 3u, 7u }) {
        SCOPED_TRACE(threads);
        WindowWorkers workers(threads);
        expectSameAsCycleOrder(windows, small, &workers);
    }
}

TEST(WindowedMemory, WithoutAnL2EverySegmentGoesToDram)
{
    // CC 1.x (programming-guide-0.8.2.txt §3.1): no cache for global memory; the DRAM queue still serves the
    // SMs' segments in cycle order.
    const std::vector<std::vector<Access>> windows { {
        { 3, 10, Kind::Load, MemTxn { 0, 64, 0, 0, 0, {} } },
        { 0, 12, Kind::Load, MemTxn { 64, 128, 0, 0, 0, {} } },
        { 1, 10, Kind::Store, MemTxn { 256, 32, 0, 0, 0, {} } },
    } };
    expectSameAsCycleOrder(windows, testing_fixtures::builtinProfile("g80"));
}

TEST(WindowedMemory, TheWindowIsShorterThanEveryLatencyPastTheL1)
{
    constexpr std::uint64_t kLongBlocks = std::uint64_t { 1 } << 40;
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    EXPECT_EQ(windowCycles(h100, kLongBlocks), static_cast<std::uint64_t>(h100.timing.l2HitLatencyCycles));
    engine::DeviceProfile fast = h100;
    fast.timing.l2HitLatencyCycles = 9;
    EXPECT_EQ(windowCycles(fast, kLongBlocks), 9u);
    EXPECT_EQ(windowCycles(fast, 0), 9u);
    const auto& g80 = testing_fixtures::builtinProfile("g80"); // no L2: DRAM's latency bounds it
    EXPECT_EQ(windowCycles(g80, kLongBlocks), static_cast<std::uint64_t>(g80.timing.dramLatencyCycles));
}

TEST(WindowedMemory, WithoutAReplacementTimeABlockStartsAtMostAThirtySecondOfItsShortestRunLate)
{
    engine::DeviceProfile unmeasured = testing_fixtures::builtinProfile("h100");
    unmeasured.timing.blockReplacementCycles = 0;
    EXPECT_EQ(windowCycles(unmeasured, 0), kMinWindowCycles); // short blocks: the shortest window
    EXPECT_EQ(windowCycles(unmeasured, 32 * kMinWindowCycles + 31), kMinWindowCycles);
    // muld's blocks at 1024: 3 823 instructions in each warp, so no block can end in fewer cycles; 119 = 3 823 / 32.
    EXPECT_EQ(windowCycles(unmeasured, 3823), 119u);
}

TEST(WindowedMemory, TheReplacementTimeLetsEveryLaunchStepInWindowsOfTheL2Latency)
{
    // The H100 starts a block 354 cycles after the one whose slot it takes retired (docs/block_replacement_h100.md),
    // longer than an L2 hit (276): so no block can start within the window of its predecessor's retirement.
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    EXPECT_EQ(h100.timing.blockReplacementCycles, 354);
    EXPECT_EQ(windowCycles(h100, 0), 276u);
    EXPECT_EQ(windowCycles(h100, 3823), 276u);
    engine::DeviceProfile quick = h100; // a replacement time shorter than the L2 latency bounds the window
    quick.timing.blockReplacementCycles = 100;
    EXPECT_EQ(windowCycles(quick, 0), 100u);
    EXPECT_EQ(windowCycles(quick, 3823), 119u); // ... unless the blocks are long enough for the 1/32 rule
}

TEST(WindowWorkers, EveryJobOfEveryBatchRunsOnce)
{
    for (const unsigned threads : { 1u, 2u, 5u }) {
        WindowWorkers workers(threads);
        for (std::size_t batch = 0; batch < 300; ++batch) {
            // Batches of up to 36 jobs, and some longer than a batch's job slots; homes given or not.
            const std::size_t count = batch % 50 == 49 ? 300 + batch : batch % 37;
            std::vector<std::atomic<int>> runs(count);
            const WindowWorkers::Home home = [batch](std::size_t i) { return i * batch; };
            workers.run(count, [&](std::size_t i) { runs[i].fetch_add(1); }, batch % 2 ? home : WindowWorkers::Home {});
            for (std::size_t i = 0; i < count; ++i)
                ASSERT_EQ(runs[i].load(), 1) << threads << " threads, batch " << batch << ", job " << i;
        }
    }
}

TEST(WindowWorkers, ABatchBegunRunsWhileTheCallerWorksAndEveryJobOnceByItsFinish)
{
    for (const unsigned threads : { 1u, 2u, 5u }) {
        WindowWorkers workers(threads);
        for (std::size_t batch = 0; batch < 200; ++batch) {
            // Up to 40 jobs, or more than begin() hands out at once; homes that never name the caller, or none.
            const std::size_t count = batch % 50 == 49 ? WindowWorkers::kMaxBatch + 7 : batch % 41;
            std::vector<std::atomic<int>> runs(count);
            const WindowWorkers::Home home = [](std::size_t i) { return 1 + i; };
            const WindowWorkers::Job job = [&](std::size_t i) { runs[i].fetch_add(1); };
            workers.begin(count, job, batch % 2 ? home : WindowWorkers::Home {});
            std::uint64_t callersWork = 0; // the caller's own work meanwhile
            for (int i = 0; i < 100; ++i)
                callersWork += static_cast<std::uint64_t>(i);
            workers.finish(count);
            ASSERT_EQ(callersWork, 4950u);
            for (std::size_t i = 0; i < count; ++i)
                ASSERT_EQ(runs[i].load(), 1) << threads << " threads, batch " << batch << ", job " << i;
            workers.finish(0); // nothing begun: nothing to wait for
        }
    }
}

// A set whose second thread is a guest (the pipeline's blocks' thread, stepper_guests.h) starts no thread: the caller
// runs every job while no guest comes, and a guest that calls helpOne() runs a job of the batch running then, its
// home jobs first.
TEST(WindowWorkers, AGuestTakesItsPartOfTheBatchRunningNowAndTheCallerTheRest)
{
    WindowWorkers alone(2, 1);
    EXPECT_EQ(alone.threads(), 2u);
    EXPECT_EQ(alone.guests(), 1u);
    std::vector<std::atomic<int>> ran(8);
    alone.run(ran.size(), [&](std::size_t i) { ran[i].fetch_add(1); });
    for (const auto& runs : ran)
        EXPECT_EQ(runs.load(), 1);

    WindowWorkers workers(2, 1);
    std::atomic<bool> stop { false };
    std::atomic<int> guestJobs { 0 };
    thread_local bool isGuest = false;
    std::jthread guest([&] {
        isGuest = true;
        while (!stop.load())
            (void)workers.helpOne(1);
    });
    for (std::size_t batch = 0; batch < 100; ++batch) {
        std::vector<std::atomic<int>> runs(16);
        // Jobs long enough that the guest, spinning, comes before the caller took them all.
        workers.run(runs.size(), [&](std::size_t i) {
            runs[i].fetch_add(1);
            guestJobs.fetch_add(isGuest ? 1 : 0);
            std::this_thread::sleep_for(std::chrono::microseconds(50));
        });
        for (std::size_t i = 0; i < runs.size(); ++i)
            ASSERT_EQ(runs[i].load(), 1) << "batch " << batch << ", job " << i;
    }
    stop = true;
    EXPECT_GT(guestJobs.load(), 0);
    EXPECT_FALSE(workers.helpOne(1)); // the last batch is done: nothing left to take
}

// Where the block batches' threads are the stepper's guests (as many threads as cores, but not two sets of them), a
// batches' committing thread of their own takes the last stepper thread's place, so the batches get one thread fewer;
// nowhere else. The launches themselves give the serial run's results on every core (ParallelIdentity).
TEST(StepperGuests, TheBatchesCommittingThreadTakesTheLastSteppingThreadsPlaceWhereTheBatchesAreLent)
{
    const unsigned cores = engine::usableCores();
    EXPECT_EQ(StepperGuests::batchThreads(cores + 1, false, true), cores + 1); // more threads than cores: none lent
    EXPECT_EQ(StepperGuests::batchThreads(cores, true, true), cores); // the pipeline of two
    EXPECT_EQ(StepperGuests::batchThreads(cores, false, false), cores); // batches committed on the launch's thread
    EXPECT_EQ(StepperGuests::batchThreads(2, false, true), 2u);
    if (cores > 2) {
        EXPECT_EQ(StepperGuests::batchThreads(cores, false, true), cores - 1);
    }
}

// Threads lent (lendIdle) call the help while they have no job of their own, the ones past a narrowed count no more,
// and none once the lending ends; their own batches still run every job once meanwhile.
TEST(WindowWorkers, ThreadsLentHelpBetweenTheirOwnBatchesUntilTheLendingEnds)
{
    WindowWorkers workers(4);
    std::array<std::atomic<std::uint64_t>, 4> helped {};
    workers.lendIdle(
        [&helped](std::size_t self) {
            helped[self].fetch_add(1);
            return false;
        },
        4);
    for (std::size_t batch = 0; batch < 50; ++batch) {
        std::vector<std::atomic<int>> runs(9);
        workers.run(runs.size(), [&](std::size_t i) { runs[i].fetch_add(1); });
        for (std::size_t i = 0; i < runs.size(); ++i)
            ASSERT_EQ(runs[i].load(), 1) << "batch " << batch << ", job " << i;
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    const auto waitForHelp = [&](std::size_t self) {
        const std::uint64_t before = helped[self].load();
        while (helped[self].load() == before && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return helped[self].load() > before;
    };
    for (std::size_t self = 1; self < 4; ++self)
        EXPECT_TRUE(waitForHelp(self)) << self;
    EXPECT_EQ(helped[0].load(), 0u); // the caller is never lent
    workers.narrowLent(2);
    std::this_thread::sleep_for(std::chrono::milliseconds(5)); // a call begun before may end meanwhile
    const std::uint64_t third = helped[3].load();
    EXPECT_TRUE(waitForHelp(1));
    EXPECT_EQ(helped[3].load(), third);
    workers.lendIdle({}, 0);
    const std::uint64_t first = helped[1].load();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(helped[1].load(), first);
}

namespace {

/// A launch's intervals in (SM, warp, start) order: the windows' ends cut the order the SMs drain them in.
std::vector<engine::WarpInterval> bySmAndWarp(std::vector<engine::WarpInterval> intervals)
{
    std::stable_sort(intervals.begin(), intervals.end(), [](const auto& a, const auto& b) {
        return std::tuple(a.sm.value, a.warp.value, a.startCycle) < std::tuple(b.sm.value, b.warp.value, b.startCycle);
    });
    return intervals;
}

/// Every run's counters and cycles are the first's, and so are its intervals (in the recorded order when
/// `sameOrder`, else in (SM, warp, start) order).
void expectSameLaunches(const std::vector<engine::timing::TimedLaunch>& runs, bool sameOrder)
{
    const auto& one = runs.front();
    ASSERT_FALSE(one.intervals.empty());
    const auto ordered = [sameOrder](const auto& intervals) { return sameOrder ? intervals : bySmAndWarp(intervals); };
    const auto oneIntervals = ordered(one.intervals);
    for (const auto& other : runs) {
        EXPECT_EQ(other.cycles, one.cycles);
        EXPECT_EQ(other.dramBytesRead, one.dramBytesRead);
        EXPECT_EQ(other.dramBytesWritten, one.dramBytesWritten);
        EXPECT_EQ(other.caches.l1HitSectors, one.caches.l1HitSectors);
        EXPECT_EQ(other.caches.l2HitSectors, one.caches.l2HitSectors);
        EXPECT_EQ(other.caches.l2MissSectors, one.caches.l2MissSectors);
        EXPECT_EQ(other.achievedOccupancy, one.achievedOccupancy);
        const auto otherIntervals = ordered(other.intervals);
        ASSERT_EQ(otherIntervals.size(), oneIntervals.size());
        for (std::size_t i = 0; i < oneIntervals.size(); ++i) {
            EXPECT_EQ(otherIntervals[i].startCycle, oneIntervals[i].startCycle);
            EXPECT_EQ(otherIntervals[i].endCycle, oneIntervals[i].endCycle);
            EXPECT_EQ(otherIntervals[i].state, oneIntervals[i].state);
            EXPECT_EQ(otherIntervals[i].block.value, oneIntervals[i].block.value);
        }
    }
}

} // namespace

TEST(WindowedLaunch, EveryThreadCountGivesTheSameLaunch)
{
    // A copy of 512 blocks on the H100 (four waves: blocks retire and start during windows) and its state
    // intervals on two SMs, stepped on 1, 2, 3 and 7 threads.
    const auto m = simt_testing::corpus("offset_copy");
    std::vector<engine::timing::TimedLaunch> runs;
    for (const unsigned threads : { 1u, 2u, 3u, 7u }) {
        engine::timing::TimingOptions options;
        options.threads = threads;
        options.recordSms = { 0, 77 };
        runs.push_back(timing_testing::timeCopy(m, "offsetCopy", "h100", 1u << 17, (1u << 17) + 32, 1, options));
    }
    expectSameLaunches(runs, true);
}

TEST(WindowedLaunch, WindowsNoLongerThanTheReplacementTimeGiveTheSameLaunch)
{
    // The same copy stepped in windows of 16, 100 and 276 cycles (the H100's own): every block replacing a retired
    // one starts past the window it retired in, so nothing the windows' length could move does move.
    const auto m = simt_testing::corpus("offset_copy");
    std::vector<engine::timing::TimedLaunch> runs;
    for (const std::uint64_t window : { 0u, 16u, 100u }) {
        engine::timing::TimingOptions options;
        options.threads = window == 100 ? 3 : 1;
        options.maxWindowCycles = window;
        options.recordSms = { 0, 77 };
        runs.push_back(timing_testing::timeCopy(m, "offsetCopy", "h100", 1u << 17, (1u << 17) + 32, 1, options));
    }
    expectSameLaunches(runs, false);
}
