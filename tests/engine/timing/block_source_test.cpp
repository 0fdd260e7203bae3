// Blocks run functionally ahead of the timing model, in batches on several threads (block_source.h), give the
// launch the serial run gives: the same cycles, counters, intervals and memory, and the same error when a block
// faults or the budget runs out.
#include "timing_test_util.h"

#include <gtest/gtest.h>

#include <cstring>

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

/// offsetCopy over one buffer of n + 512 floats: odata starts `out` elements in, idata `in` elements in.
CopyInPlace copyInPlace(std::uint32_t n, std::uint32_t out, std::uint32_t in, unsigned threads)
{
    const auto m = simt_testing::corpus("offset_copy");
    engine::simt::DeviceMemory mem;
    std::vector<float> init(n + 512);
    for (std::size_t i = 0; i < init.size(); ++i)
        init[i] = static_cast<float>(i);
    const auto data = simt_testing::upload(mem, "data", init);
    const auto r = offsetCopyOnG80(m, data + 4 * std::uint64_t { out }, data + 4 * std::uint64_t { in }, n / 256);
    auto timed = engine::timing::runTimedKernel(r, mem, onThreads(threads));
    if (!timed)
        throw std::runtime_error(timed.error().toString());
    return { std::move(timed).value(), simt_testing::download<float>(mem, data) };
}

/// The in-place copy on each of `threads` against one thread: the same launch and memory; whether blocks ran again.
void expectSerialCopyInPlace(std::uint32_t out, std::uint32_t in, std::initializer_list<unsigned> threads, bool rerun)
{
    const std::uint32_t n = 1u << 14;
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

} // namespace
