// SmModelPool: the SMs of one launch serve the next; a launch on reused SMs is the launch on new ones.
#include "engine/timing/sm_model_pool.h"
#include "timing_test_util.h"

#include <gtest/gtest.h>

#include <cstring>

using engine::timing::SchedulerPolicy;
using engine::timing::SmModelPool;
using engine::timing::TimedLaunch;
using engine::timing::TimingOptions;
using timing_testing::timeCopy;

namespace {

void expectSameLaunch(const TimedLaunch& a, const TimedLaunch& b)
{
    EXPECT_EQ(a.cycles, b.cycles);
    EXPECT_EQ(a.stats.warpInstructions, b.stats.warpInstructions);
    EXPECT_DOUBLE_EQ(a.achievedOccupancy, b.achievedOccupancy);
    EXPECT_EQ(a.dramBytesRead, b.dramBytesRead);
    EXPECT_EQ(a.dramBytesWritten, b.dramBytesWritten);
    EXPECT_EQ(a.memory.globalLoadSectors, b.memory.globalLoadSectors);
    ASSERT_EQ(a.intervals.size(), b.intervals.size());
    for (std::size_t i = 0; i < a.intervals.size(); ++i)
        EXPECT_EQ(std::memcmp(&a.intervals[i], &b.intervals[i], sizeof(a.intervals[i])), 0) << "interval " << i;
}

} // namespace

TEST(SmModelPool, ALaunchOnReusedSmsIsTheLaunchOnNewOnes)
{
    // A 32-block copy (one block slot an SM, SM 1's warp states recorded), then launches that leave their SMs in
    // other shapes — 8 block slots, another device, the other scheduling policy — and the first launch again.
    const auto copy = simt_testing::corpus("offset_copy");
    const auto stride = simt_testing::corpus("stride_copy");
    TimingOptions recorded;
    recorded.recordSms = { 1 };
    const std::uint32_t small = 1u << 13;
    const TimedLaunch first = timeCopy(copy, "offsetCopy", "h100", small, small + 32, 1, recorded);
    ASSERT_FALSE(first.intervals.empty());
    EXPECT_GE(SmModelPool::pooledLaunches(), 1u);

    timeCopy(stride, "strideCopy", "h100", 1u << 19, (1u << 19) * 2, 2);
    timeCopy(copy, "offsetCopy", "v100", 1u << 16, (1u << 16) + 32, 0);
    TimingOptions lrr;
    lrr.scheduler = SchedulerPolicy::LooseRoundRobin;
    timeCopy(copy, "offsetCopy", "h100", 1u << 17, (1u << 17) + 32, 3, lrr);
    expectSameLaunch(first, timeCopy(copy, "offsetCopy", "h100", small, small + 32, 1, recorded));

    // And a launch of many blocks after the small one, against the same launch after the large ones.
    const TimedLaunch large = timeCopy(stride, "strideCopy", "h100", 1u << 19, (1u << 19) * 2, 2, lrr);
    timeCopy(copy, "offsetCopy", "h100", small, small + 32, 1, recorded);
    expectSameLaunch(large, timeCopy(stride, "strideCopy", "h100", 1u << 19, (1u << 19) * 2, 2, lrr));
    EXPECT_LE(SmModelPool::pooledLaunches(), SmModelPool::kPooledLaunches);
}
