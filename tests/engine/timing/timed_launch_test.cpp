// The timing model on the Best Practices Guide's kernels: worked examples from the seeds.
#include "engine/timing/timed_executor.h"
#include "timing_test_util.h"

#include <gtest/gtest.h>

using timing_testing::timeCopy;

TEST(TimedLaunch, MisalignedCopyReusesTheOverFetchedSector)
{
    // DIGEST §8.1 (best-practices-guide-current.txt §9.2.1): "adjacent warps reuse the cache lines their
    // neighbors fetched", so DRAM reads stay at the requested bytes although each warp touches 5 sectors.
    const auto m = simt_testing::corpus("offset_copy");
    const std::uint32_t n = 1u << 16;
    const auto aligned = timeCopy(m, "offsetCopy", "h100", n, n + 32, 0);
    const auto misaligned = timeCopy(m, "offsetCopy", "h100", n, n + 32, 1);
    EXPECT_EQ(misaligned.memory.globalLoadSectors * 4, aligned.memory.globalLoadSectors * 5);
    EXPECT_EQ(aligned.dramBytesRead, 4u * n);
    EXPECT_LE(misaligned.dramBytesRead, 4u * n + 32u * n / 256); // at most one extra sector per block
    EXPECT_GT(misaligned.l1HitRate + misaligned.l2HitRate, 0.1);
    EXPECT_EQ(aligned.bytesRequested, 8u * n);
}

TEST(TimedLaunch, SameInputGivesTheSameCycles)
{
    const auto m = simt_testing::corpus("offset_copy");
    const auto a = timeCopy(m, "offsetCopy", "v100", 1u << 15, (1u << 15) + 32, 3);
    const auto b = timeCopy(m, "offsetCopy", "v100", 1u << 15, (1u << 15) + 32, 3);
    EXPECT_EQ(a.cycles, b.cycles);
    EXPECT_EQ(a.dramBytesRead, b.dramBytesRead);
    EXPECT_GT(a.cycles, 0u);
}

TEST(TimedLaunch, LargeCopyIsBoundByTheTheoreticalBandwidth)
{
    // best-practices-guide-v8.0.txt §8.2: effective bandwidth never exceeds the theoretical one.
    const auto m = simt_testing::corpus("offset_copy");
    const std::uint32_t n = 1u << 20;
    const auto t = timeCopy(m, "offsetCopy", "g80", n, n + 32, 0);
    EXPECT_LT(t.effectiveBandwidthGBps, t.theoreticalBandwidthGBps);
    EXPECT_GT(t.effectiveBandwidthGBps, 0.3 * t.theoreticalBandwidthGBps);
    EXPECT_NEAR(t.kernelTimeUs, double(t.cycles) / 1350.0, 1e-9); // g80 core clock
    EXPECT_DOUBLE_EQ(t.timeUs, t.kernelTimeUs + t.launchOverheadUs);
}

TEST(TimedLaunch, LargerStridesMoveMoreSectorsAndTakeLonger)
{
    // DIGEST §8.2: bandwidth falls with the stride until every thread needs its own sector.
    const auto m = simt_testing::corpus("stride_copy");
    const std::uint32_t n = 1u << 16;
    const auto s1 = timeCopy(m, "strideCopy", "h100", n, n * 8, 1);
    const auto s2 = timeCopy(m, "strideCopy", "h100", n, n * 8, 2);
    const auto s8 = timeCopy(m, "strideCopy", "h100", n, n * 8, 8);
    EXPECT_LT(s1.cycles, s2.cycles);
    EXPECT_LT(s2.cycles, s8.cycles);
    EXPECT_EQ(s8.dramBytesRead, 32u * n);
}

TEST(TimedLaunch, AchievedOccupancyStaysWithinTheTheoretical)
{
    const auto m = simt_testing::corpus("offset_copy");
    const auto t = timeCopy(m, "offsetCopy", "h100", 1u << 18, (1u << 18) + 32, 0);
    EXPECT_EQ(t.blocksPerSm, 8); // 256 threads, 32 registers: 2048 threads per SM
    EXPECT_DOUBLE_EQ(t.theoreticalOccupancy, 1.0);
    EXPECT_GT(t.achievedOccupancy, 0.3);
    EXPECT_LE(t.achievedOccupancy, 1.0 + 1e-9);
}

TEST(TimedLaunch, RecordsStateIntervalsOnlyForTheChosenSms)
{
    const auto m = simt_testing::corpus("offset_copy");
    engine::timing::TimingOptions options;
    options.recordSms = { 1 };
    const auto t = timeCopy(m, "offsetCopy", "h100", 1u << 15, (1u << 15) + 32, 0, options);
    ASSERT_FALSE(t.intervals.empty());
    bool sawMemoryWait = false, sawIssuing = false;
    for (const auto& i : t.intervals) {
        EXPECT_EQ(i.sm.value, 1u);
        EXPECT_LT(i.startCycle, i.endCycle);
        EXPECT_LE(i.endCycle, t.cycles);
        sawMemoryWait |= i.state == engine::WarpState::MemoryWait;
        sawIssuing |= i.state == engine::WarpState::Issuing;
    }
    EXPECT_TRUE(sawMemoryWait);
    EXPECT_TRUE(sawIssuing);
    options.maxIntervals = 10;
    const auto capped = timeCopy(m, "offsetCopy", "h100", 1u << 15, (1u << 15) + 32, 0, options);
    EXPECT_EQ(capped.intervals.size(), 10u);
    EXPECT_GT(capped.intervalsDropped, 0u);
}

TEST(TimedLaunch, BankConflictsAndBarriersCostTime)
{
    // DIGEST §8.4: the padded tile removes the 32-way conflicts of C = AAᵀ's transposed tile.
    const std::uint32_t m = 128;
    auto run = [&](const char* file) {
        const auto module = simt_testing::corpus(file);
        engine::simt::DeviceMemory mem;
        const auto a = mem.allocate("a", m * 32 * 4);
        const auto c = mem.allocate("c", m * m * 4);
        engine::simt::LaunchRequest r;
        r.module = &module;
        r.kernel = static_cast<std::uint32_t>(module.findFunction("coalescedMultiply"));
        r.profile = &testing_fixtures::builtinProfile("v100");
        engine::simt::ParamBlockBuilder p(module.functions[r.kernel]);
        p.set(0, a);
        p.set(1, c);
        p.set(2, m);
        r.params = p.bytes();
        r.grid = { m / 32, m / 32, 1 };
        r.block = { 32, 32, 1 };
        engine::timing::TimingOptions options;
        options.recordSms = { 0 };
        auto t = engine::timing::runTimedKernel(r, mem, options);
        EXPECT_TRUE(t.ok()) << t.error().toString();
        return std::move(t).value();
    };
    const auto conflicted = run("matrix_aat");
    const auto padded = run("matrix_aat_padded");
    EXPECT_GT(conflicted.memory.sharedStoreWavefronts, padded.memory.sharedStoreWavefronts);
    EXPECT_GT(conflicted.cycles, padded.cycles);
    const bool sawBarrier = std::any_of(padded.intervals.begin(), padded.intervals.end(),
        [](const auto& i) { return i.state == engine::WarpState::Barrier; });
    EXPECT_TRUE(sawBarrier);
}

TEST(TimedLaunch, TheExecutorKeepsTheL2BetweenLaunches)
{
    const auto m = simt_testing::corpus("offset_copy");
    engine::simt::DeviceMemory mem;
    const std::uint32_t n = 1u << 16;
    const auto idata = mem.allocate("idata", (n + 32) * 4);
    const auto odata = mem.allocate("odata", (n + 32) * 4);
    engine::simt::LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(m.findFunction("offsetCopy"));
    r.profile = &testing_fixtures::builtinProfile("h100");
    engine::simt::ParamBlockBuilder p(m.functions[r.kernel]);
    p.set(0, odata);
    p.set(1, idata);
    p.set(2, 0);
    r.params = p.bytes();
    r.grid = { n / 256, 1, 1 };
    r.block = { 256, 1, 1 };
    engine::timing::TimedExecutor executor;
    const auto cold = executor.run(r, mem, {});
    const auto warm = executor.run(r, mem, {});
    ASSERT_TRUE(cold.ok() && warm.ok());
    EXPECT_EQ(*cold->dramBytesRead, 4u * n);
    EXPECT_EQ(*warm->dramBytesRead, 0u); // 256 KB of input stays in the 50 MB L2
    EXPECT_LT(*warm->cycles, *cold->cycles);
}

TEST(TimedLaunch, AnImpossibleConfigurationIsTheUsersError)
{
    const auto m = simt_testing::corpus("offset_copy");
    engine::timing::TimingOptions options;
    options.registersPerThread = 255; // one 256-thread block still fits the 64 K registers
    EXPECT_NO_THROW(timeCopy(m, "offsetCopy", "h100", 1024, 1056, 0, options));
    options.registersPerThread = 300; // more than max_registers_per_thread
    EXPECT_THROW(timeCopy(m, "offsetCopy", "h100", 1024, 1056, 0, options), std::runtime_error);
}
