// Blocks run functionally ahead of the timing model, in batches on several threads (block_source.h), give the
// launch the serial run gives: the same cycles, counters, intervals and memory, and the same error when a block
// faults or the budget runs out.
#include "engine/timing/block_source.h"
#include "timing_test_util.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <atomic>
#include <memory>
#include <thread>

namespace {

engine::timing::TimingOptions onThreads(unsigned threads)
{
    engine::timing::TimingOptions options;
    options.threads = threads;
    options.recordSms = { 0, 1 };
    return options;
}

void expectSameLaunch(const engine::timing::TimedLaunch& a, const engine::timing::TimedLaunch& b)
{
    EXPECT_EQ(a.cycles, b.cycles);
    EXPECT_EQ(a.stats.warpInstructions, b.stats.warpInstructions);
    EXPECT_EQ(a.stats.threadInstructions, b.stats.threadInstructions);
    EXPECT_EQ(a.stats.divergentBranches, b.stats.divergentBranches);
    EXPECT_EQ(a.memory.globalLoadSectors, b.memory.globalLoadSectors);
    EXPECT_EQ(a.memory.globalStoreTransactions, b.memory.globalStoreTransactions);
    EXPECT_EQ(a.dramBytesRead, b.dramBytesRead);
    EXPECT_EQ(a.dramBytesWritten, b.dramBytesWritten);
    EXPECT_EQ(a.caches.l2HitSectors, b.caches.l2HitSectors);
    EXPECT_EQ(a.achievedOccupancy, b.achievedOccupancy); // bit for bit, not within a tolerance
    EXPECT_EQ(a.bytesRequested, b.bytesRequested);
    ASSERT_EQ(a.intervals.size(), b.intervals.size());
    // Plain data without hidden bytes (trace_events.h): equal bytes are equal intervals.
    EXPECT_EQ(std::memcmp(a.intervals.data(), b.intervals.data(), a.intervals.size() * sizeof(engine::WarpInterval)), 0);
    ASSERT_EQ(a.perPcMemory.size(), b.perPcMemory.size());
    for (std::size_t pc = 0; pc < a.perPcMemory.size(); ++pc)
        EXPECT_EQ(a.perPcMemory[pc].sectors, b.perPcMemory[pc].sectors) << pc;
}

TEST(BlockSource, RunningInBatchesGivesTheSerialLaunch)
{
    // G80: 16 SMs of 3 blocks of 256 threads, so 256 blocks are more than five waves; offsetCopy's blocks run
    // apart, in batches on every thread (on two, only the first wave: then one by one beside the SMs' thread).
    const auto m = simt_testing::corpus("offset_copy");
    const std::uint32_t n = 1u << 16;
    const auto serial = timing_testing::timeCopy(m, "offsetCopy", "g80", n, n + 32, 1, onThreads(1));
    EXPECT_GT(serial.intervals.size(), 0u);
    for (const unsigned threads : { 2u, 3u, 8u }) {
        SCOPED_TRACE(threads);
        expectSameLaunch(serial, timing_testing::timeCopy(m, "offsetCopy", "g80", n, n + 32, 1, onThreads(threads)));
    }
}

TEST(BlockSource, AFaultingBlockGivesTheSerialError)
{
    // idata holds half the elements: the first block past it reads out of bounds, some waves into the grid.
    const auto m = simt_testing::corpus("offset_copy");
    const std::uint32_t n = 1u << 16;
    std::string serial;
    try {
        timing_testing::timeCopy(m, "offsetCopy", "g80", n, n / 2, 0, onThreads(1));
    } catch (const std::runtime_error& e) {
        serial = e.what();
    }
    ASSERT_NE(serial.find("in block (128,0,0)"), std::string::npos) << serial;
    for (const unsigned threads : { 2u, 8u }) {
        std::string ahead;
        try {
            timing_testing::timeCopy(m, "offsetCopy", "g80", n, n / 2, 0, onThreads(threads));
        } catch (const std::runtime_error& e) {
            ahead = e.what();
        }
        EXPECT_EQ(ahead, serial);
    }
}

/// offsetCopy(odata, idata, 0) on the g80 profile, `blocks` blocks of 256 threads.
engine::simt::LaunchRequest offsetCopyOnG80(
    const engine::ptx::Module& m, std::uint64_t odata, std::uint64_t idata, std::uint32_t blocks)
{
    engine::simt::LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(m.findFunction("offsetCopy"));
    r.profile = &testing_fixtures::builtinProfile("g80");
    engine::simt::ParamBlockBuilder p(m.functions[r.kernel]);
    p.set(0, odata);
    p.set(1, idata);
    p.set(2, 0);
    r.params = p.bytes();
    r.grid = { blocks, 1, 1 };
    r.block = { 256, 1, 1 };
    return r;
}

struct CopyInPlace {
    engine::timing::TimedLaunch launch;
    std::vector<float> data;
};

/// offsetCopy over one buffer of n floats and 256 more past the later of odata and idata: odata starts `out`
/// elements in, idata `in` elements in.
CopyInPlace copyInPlace(std::uint32_t n, std::uint32_t out, std::uint32_t in, unsigned threads)
{
    const auto m = simt_testing::corpus("offset_copy");
    engine::simt::DeviceMemory mem;
    std::vector<float> init(n + std::max(out, in) + 256);
    for (std::size_t i = 0; i < init.size(); ++i)
        init[i] = static_cast<float>(i);
    const auto data = simt_testing::upload(mem, "data", init);
    const auto r = offsetCopyOnG80(m, data + 4 * std::uint64_t { out }, data + 4 * std::uint64_t { in }, n / 256);
    auto timed = engine::timing::runTimedKernel(r, mem, onThreads(threads));
    if (!timed)
        throw std::runtime_error(timed.error().toString());
    return { std::move(timed).value(), simt_testing::download<float>(mem, data) };
}

/// The in-place copy of n floats on each of `threads` against one thread: the same launch and memory; whether blocks
/// ran again.
void expectSerialCopyInPlace(std::uint32_t out, std::uint32_t in, std::initializer_list<unsigned> threads, bool rerun,
    std::uint32_t n = 1u << 14)
{
    const CopyInPlace serial = copyInPlace(n, out, in, 1);
    EXPECT_EQ(serial.data[out], static_cast<float>(in)); // odata[0] = idata[0]
    for (const unsigned t : threads) {
        SCOPED_TRACE(t);
        const CopyInPlace parallel = copyInPlace(n, out, in, t);
        expectSameLaunch(serial.launch, parallel.launch);
        EXPECT_EQ(parallel.data, serial.data);
        EXPECT_EQ(parallel.launch.blocksRunAgain > 0, rerun);
    }
}

TEST(BlockSource, ABlockThatReadsWhatAnEarlierOneWroteGivesTheSerialLaunch)
{
    // Block b reads the 256 floats block b - 1 writes: every block of a batch but its first sees, run at the same
    // time, a value the serial run does not give it, and runs again.
    expectSerialCopyInPlace(256, 0, { 2u, 3u, 8u }, true);
}

TEST(BlockSource, ABlockThatReadsWhatTheBatchBeforeWroteGivesTheSerialLaunch)
{
    // On three threads a batch is 12 blocks, run while the batch before is committed, whose writes memory does not
    // hold yet. Block b reads the floats block b - 12 writes (the same slot of the batch before), or block b - 20:
    // a block of the batch before on three threads, of its own batch on eight (32 blocks). 64 blocks are more than
    // g80's wave of 48, taken from the worker's queue; 32 blocks are one wave, run in batches by the launch's thread.
    for (const std::uint32_t back : { 12u, 20u }) {
        SCOPED_TRACE(back);
        expectSerialCopyInPlace(back * 256, 0, { 3u, 8u }, true);
        expectSerialCopyInPlace(back * 256, 0, { 3u }, true, 32 * 256);
    }
}

TEST(BlockSource, ABlockThatReadsWhatALaterOneWritesRunsOnce)
{
    // Block b reads the floats block b + 1 overwrites: serially it reads them first, as every block of a batch does.
    expectSerialCopyInPlace(0, 256, { 2u, 8u }, false);
}

TEST(BlockSource, TheBudgetRunsOutWhereItDoesSerially)
{
    const auto m = simt_testing::corpus("offset_copy");
    const auto run = [&](unsigned threads) {
        engine::simt::DeviceMemory mem;
        const auto idata = mem.allocate("idata", 4u << 14);
        const auto odata = mem.allocate("odata", 4u << 14);
        auto r = offsetCopyOnG80(m, odata, idata, 64);
        r.instructionBudget = 5000; // some twenty blocks of 64
        auto timed = engine::timing::runTimedKernel(r, mem, onThreads(threads));
        return timed ? std::string("no error") : timed.error().toString();
    };
    const std::string serial = run(1);
    ASSERT_NE(serial.find("budget"), std::string::npos) << serial;
    for (const unsigned threads : { 2u, 8u })
        EXPECT_EQ(run(threads), serial) << threads;
}

TEST(BlockSource, ZeroThreadsMeansEveryHardwareThread)
{
    EXPECT_GE(engine::timing::resolveThreads(0), 1u);
    EXPECT_EQ(engine::timing::resolveThreads(3), 3u);
}

/// The blocks of a launch of `blocks` blocks of 32 threads that each store a value (simt_testing::scalarKernel), for
/// a BlockSource.
struct StoringBlocks {
    engine::ptx::Module module = simt_testing::parse(simt_testing::scalarKernel("    mov.u32 %r8, %ctaid.x;"));
    engine::simt::DeviceMemory memory;
    engine::simt::LaunchRequest request;
    engine::simt::LaunchPlan plan;
    std::unique_ptr<engine::timing::BlockRecorder> recorder;
    std::vector<engine::simt::PcCounters> perFunction;
    engine::simt::IssueCounters issue;
    std::unique_ptr<engine::simt::CtaRunner> runner;
    std::uint64_t divergent = 0;

    explicit StoringBlocks(std::uint32_t blocks)
    {
        const std::uint64_t out = memory.allocate("out", 32 * 8);
        engine::simt::ParamBlockBuilder params(module.functions[0]);
        params.set(0, out);
        request.module = &module;
        request.grid = { blocks, 1, 1 };
        request.block = { 32, 1, 1 };
        request.params = params.bytes();
        request.profile = &testing_fixtures::builtinProfile("h100");
        plan = engine::simt::makeLaunchPlan(request, engine::simt::ModuleImage {}).value();
        recorder = std::make_unique<engine::timing::BlockRecorder>(*request.profile, module, 0, plan.warpsPerBlock);
        perFunction = engine::simt::makePcCounters(module);
        issue.budget = plan.instructionBudget;
        runner = std::make_unique<engine::simt::CtaRunner>(plan, memory, recorder.get(), perFunction, issue);
    }
    engine::timing::BlockSource::Inputs inputs()
    {
        engine::timing::BlockSource::Inputs in;
        in.runner = runner.get();
        in.recorder = recorder.get();
        in.issue = &issue;
        in.divergentBranches = &divergent;
        in.perFunction = &perFunction;
        in.blockCount = plan.blockCount;
        return in;
    }
};

// A pipeline of two threads steps its SMs on the second core only while the worker running the blocks ahead rests
// (timed_launch.cpp): its queue full, or its last block run. A worker whose queue is full rests until half of it
// was taken, so that it runs blocks in long stretches and leaves its core alone in between, not one block each time
// a few are taken. Without a worker the blocks run when asked: nothing to compete with.
TEST(BlockSource, AWorkerRunningBlocksAheadRestsUntilHalfItsQueueWasTaken)
{
    // Blocks of a few instructions: the queue holds kMaxQueued of them.
    constexpr std::uint32_t kBlocks = 5 * engine::timing::BlockSource::kMaxQueued;
    StoringBlocks blocks(kBlocks);
    engine::timing::BlockSource source(blocks.inputs(), engine::timing::BlockSource::Mode::Ahead);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!source.ahead() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_TRUE(source.ahead());
    EXPECT_EQ(source.rests(), 1u);
    for (std::uint64_t linear = 0; linear < kBlocks; ++linear) {
        const engine::timing::ExecutedBlock block = source.next();
        ASSERT_FALSE(block.error.has_value());
        EXPECT_EQ(block.linear, linear);
        // Slower than the worker, as the SMs are: it fills its queue again while they step.
        if (linear % engine::timing::BlockSource::kHandOver == 0)
            std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    // Every block taken: the queue is empty, and the worker done.
    while (!source.ahead() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_TRUE(source.ahead());
    // Its first rest, then at most one per half queue of the blocks left (it may finish before it fills up again);
    // a worker woken whenever there is room for one block rests about once per block taken.
    EXPECT_LE(source.rests(), 1 + (kBlocks - engine::timing::BlockSource::kMaxQueued)
            / (engine::timing::BlockSource::kMaxQueued / 2));
    source.finish();

    StoringBlocks inline_(4);
    engine::timing::BlockSource asked(inline_.inputs(), engine::timing::BlockSource::Mode::Inline);
    EXPECT_TRUE(asked.ahead());
}

// Lent to the SMs' windows (the pipeline of two threads, stepper_guests.h), the worker helps instead of sleeping
// while its queue is full and once its last block ran, until it is no longer lent; the blocks come as before.
TEST(BlockSource, AWorkerLentToTheSmsHelpsWhileItRestsAndAfterItsLastBlock)
{
    constexpr std::uint32_t kBlocks = 3 * engine::timing::BlockSource::kMaxQueued;
    StoringBlocks blocks(kBlocks);
    engine::timing::BlockSource source(blocks.inputs(), engine::timing::BlockSource::Mode::Ahead);
    std::atomic<std::uint64_t> helped { 0 };
    source.helpWhileResting([&helped] {
        helped.fetch_add(1);
        return false;
    });
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (helped.load() == 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_TRUE(source.ahead()); // it helps only while it rests
    EXPECT_EQ(source.rests(), 1u);
    for (std::uint64_t linear = 0; linear < kBlocks; ++linear) {
        const engine::timing::ExecutedBlock block = source.next();
        ASSERT_FALSE(block.error.has_value());
        ASSERT_EQ(block.linear, linear);
    }
    // Every block taken: it still helps, until it is no longer lent; then it ends.
    const std::uint64_t before = helped.load();
    while (helped.load() == before && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_GT(helped.load(), before);
    source.helpWhileResting({});
    const std::uint64_t after = helped.load();
    source.finish();
    EXPECT_EQ(helped.load(), after); // not called once helpWhileResting returned
}

} // namespace

// The worker's queue holds BlockSource::kAheadBytes (256 MB) of traces, a quarter of a lower trace limit, at most
// kMaxQueued blocks and at least `least`: a block of muld 1 024 x 512 x 512 has 192 KB of traces, so every block
// after its first wave (992) fits.
TEST(BlockSource, TheQueueAheadHoldsAWaveOfLargeBlocks)
{
    using engine::timing::BlockSource;
    using engine::timing::queuedBlocks;
    EXPECT_EQ(BlockSource::kAheadBytes, std::uint64_t { 256 } << 20);
    EXPECT_EQ(queuedBlocks(196608, 0, 8), 1365u); // 256 MB / 192 KB
    EXPECT_EQ(queuedBlocks(std::uint64_t { 4 } << 20, 0, 128), 128u); // 4 MB blocks: 64 fit, but two batches of 64
    EXPECT_EQ(queuedBlocks(7168, 0, 8), BlockSource::kMaxQueued); // the copy's 7 KB blocks: the count bounds them
    EXPECT_EQ(queuedBlocks(0, 0, 8), BlockSource::kMaxQueued); // nothing known yet
    EXPECT_EQ(queuedBlocks(196608, std::uint64_t { 64 } << 20, 8), 85u); // a quarter of a 64 MB trace limit: 16 MB
    EXPECT_EQ(queuedBlocks(196608, std::uint64_t { 4 } << 30, 8), 1365u); // a higher limit leaves kAheadBytes
}
