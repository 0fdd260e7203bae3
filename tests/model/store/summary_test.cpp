// The level-of-detail summary: bucket widths double as a launch grows, totals survive re-binning.
#include "model/store/interval_summary_builder.h"
#include "model/store/summary_rebinner.h"
#include "tests/model/store/store_test_support.h"

#include <gtest/gtest.h>

#include <numeric>

namespace {

using model::IntervalSummaryBuilder;

engine::WarpInterval interval(std::uint64_t start, std::uint64_t end, std::uint16_t sm, engine::WarpState state)
{
    engine::WarpInterval i;
    i.startCycle = start;
    i.endCycle = end;
    i.sm = engine::SmId(sm);
    i.state = state;
    return i;
}

std::uint64_t total(const std::vector<std::uint32_t>& row) { return std::accumulate(row.begin(), row.end(), std::uint64_t { 0 }); }

TEST(IntervalSummary, WidthDoublesAndCyclesArePreserved)
{
    IntervalSummaryBuilder builder;
    builder.add(interval(0, 100, 0, engine::WarpState::Issuing));
    EXPECT_EQ(builder.bucketCycles(), 1u);
    builder.add(interval(100, 10000, 0, engine::WarpState::MemoryWait));
    EXPECT_EQ(builder.bucketCycles(), 8u); // 2048 * 8 >= 10000 > 2048 * 4
    builder.add(interval(5000, 5008, 2, engine::WarpState::Barrier));
    ASSERT_EQ(builder.rows().size(), 3u);
    EXPECT_TRUE(builder.rows()[1].empty());
    EXPECT_EQ(total(builder.rows()[0]), 10000u);
    EXPECT_EQ(total(builder.rows()[2]), 8u);
    const auto& row = builder.rows()[0];
    EXPECT_EQ(row[0 * engine::kWarpStateCount + 0], 8u); // bucket 0: issuing
    EXPECT_EQ(row[12 * engine::kWarpStateCount + 0], 4u); // bucket 12 = cycles 96..103: 4 issuing, 4 waiting
    EXPECT_EQ(row[12 * engine::kWarpStateCount + 2], 4u);
    EXPECT_EQ(builder.maxIntervalCycles(), 9900u);
    EXPECT_EQ(builder.lastCycle(), 10000u);
    EXPECT_EQ(builder.intervalCount(), 3u);
}

TEST(IntervalSummary, RebinnerSplitsBucketsByOverlap)
{
    // One SM, 4 buckets of 10 cycles, one state: 10 cycles each.
    std::vector<std::uint32_t> cells(4 * engine::kWarpStateCount, 0);
    for (std::size_t b = 0; b < 4; ++b)
        cells[b * engine::kWarpStateCount] = 10;
    model::SummaryRebinner rebinner(5, 35, 15); // columns [5,20) and [20,35)
    rebinner.addRow(engine::SmId(3), 10, engine::kWarpStateCount,
        std::string_view(reinterpret_cast<const char*>(cells.data()), cells.size() * sizeof(std::uint32_t)));
    const auto buckets = rebinner.take();
    ASSERT_EQ(buckets.size(), 2u);
    EXPECT_EQ(buckets[0].sm, engine::SmId(3));
    EXPECT_EQ(buckets[0].startCycle, 5u);
    EXPECT_EQ(buckets[0].endCycle, 20u);
    EXPECT_EQ(buckets[0].stateCycles[0], 15u);
    EXPECT_EQ(buckets[1].stateCycles[0], 15u);
}

TEST(MemoryTraceSink, ReplayRebasesLaneIndicesAcrossBatches)
{
    engine::MemoryTraceSink sink;
    store_tests::sendRun(sink, store_tests::RunShape { 1, 10, 40, 2, "a", {} });
    engine::MemoryTraceSink copy;
    sink.replay(0, copy);
    const auto& launch = copy.runs()[0].launches[0];
    ASSERT_EQ(launch.lanes.size(), 3u); // requests 0, 16 and 32 are sampled
    EXPECT_EQ(launch.requests[32].laneAddressIndex, 2u);
    EXPECT_EQ(launch.lanes[2].address[0], 0x1000'0000ull + 32 * 128);
    EXPECT_TRUE(copy.runs()[0].summary.has_value());
}

} // namespace
