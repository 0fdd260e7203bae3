#include "engine/host/sweep.h"

#include <gtest/gtest.h>
#include <limits>

namespace {

using engine::parseSweepRange;

TEST(SweepRange, ValuesStepFromFromToTo)
{
    const auto range = parseSweepRange("offset=0:32:8");
    ASSERT_TRUE(range.ok());
    EXPECT_EQ(range->values(), (std::vector<std::int64_t> {0, 8, 16, 24, 32}));
}

TEST(SweepRange, RangeEndingAtInt64MaxDoesNotOverflow)
{
    // Stepping `v += step` past 9223372036854775807 once wrapped and never ended.
    const auto range = parseSweepRange("offset=9223372036854775800:9223372036854775807");
    ASSERT_TRUE(range.ok()) << range.error().message;
    const auto values = range->values();
    ASSERT_EQ(values.size(), 8u);
    EXPECT_EQ(values.back(), std::numeric_limits<std::int64_t>::max());
    const auto wide = parseSweepRange("offset=-9223372036854775808:9223372036854775807:4611686018427387904");
    ASSERT_TRUE(wide.ok()) << wide.error().message;
    EXPECT_EQ(wide->values().size(), 4u);
    EXPECT_EQ(wide->values().front(), std::numeric_limits<std::int64_t>::min());
}

TEST(SweepRange, TooManyPointsIsAnError)
{
    const auto range = parseSweepRange("offset=-9223372036854775808:9223372036854775807");
    ASSERT_FALSE(range.ok());
    EXPECT_NE(range.error().message.find("more than 100000 points"), std::string::npos);
}

} // namespace
