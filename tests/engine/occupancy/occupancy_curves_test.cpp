#include "engine/occupancy/occupancy_curves.h"
#include "tests/engine/device_fixtures.h"

#include <gtest/gtest.h>

namespace {

TEST(OccupancyCurves, SpanTheDeviceRanges)
{
    const auto& v100 = testing_fixtures::builtinProfile("v100");
    const auto curves = engine::occupancyCurves(v100, { 128, 37, 0 });
    ASSERT_EQ(curves.byThreadsPerBlock.size(), 32u); // 32, 64, ..., 1024
    EXPECT_EQ(curves.byThreadsPerBlock.front().x, 32);
    EXPECT_EQ(curves.byThreadsPerBlock.back().x, 1024);
    ASSERT_EQ(curves.byRegistersPerThread.size(), 255u);
    EXPECT_EQ(curves.bySharedBytesPerBlock.front().x, 0);
    EXPECT_EQ(curves.bySharedBytesPerBlock.back().x, 98304);
}

TEST(OccupancyCurves, PassThroughTheSeedExample)
{
    // best-practices-guide-current.txt §10.1.1: at 37 registers, 128 threads → 75 %, 320 threads → 62.5 %.
    const auto& v100 = testing_fixtures::builtinProfile("v100");
    const auto curves = engine::occupancyCurves(v100, { 128, 37, 0 });
    EXPECT_DOUBLE_EQ(curves.byThreadsPerBlock[3].occupancy, 0.75);
    EXPECT_DOUBLE_EQ(curves.byThreadsPerBlock[9].occupancy, 0.625);
    // Fewer registers never lowers occupancy.
    for (std::size_t i = 1; i < curves.byRegistersPerThread.size(); ++i)
        EXPECT_LE(curves.byRegistersPerThread[i].occupancy, curves.byRegistersPerThread[i - 1].occupancy);
    // More shared memory never raises it.
    for (std::size_t i = 1; i < curves.bySharedBytesPerBlock.size(); ++i)
        EXPECT_LE(curves.bySharedBytesPerBlock[i].occupancy, curves.bySharedBytesPerBlock[i - 1].occupancy);
}

} // namespace
