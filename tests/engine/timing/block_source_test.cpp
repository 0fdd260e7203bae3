// Blocks run functionally ahead of the timing model on a worker thread (block_source.h) give the launch the
// serial run gives: the same cycles, counters and intervals, and the same error when a block faults.
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

TEST(BlockSource, RunningAheadGivesTheSerialLaunch)
{
    // G80: 16 SMs of 3 blocks of 256 threads, so 256 blocks are more than five waves: the worker runs ahead.
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

TEST(BlockSource, ZeroThreadsMeansEveryHardwareThread)
{
    EXPECT_GE(engine::timing::resolveThreads(0), 1u);
    EXPECT_EQ(engine::timing::resolveThreads(3), 3u);
}

} // namespace
