#include "engine/host/fill_value.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using engine::ElementType;
using engine::fillValueProblem;
using nlohmann::json;

std::string problemOf(ElementType type, const char* value)
{
    return fillValueProblem(type, json::parse(value)).value_or("");
}

TEST(FillValue, IntegerTypesTakeWholeNumbersInTheirRange)
{
    EXPECT_EQ(problemOf(ElementType::U8, "255"), "");
    EXPECT_EQ(problemOf(ElementType::U8, "256"), "fill value 256 is outside u8's range 0..2^8-1");
    EXPECT_EQ(problemOf(ElementType::U8, "-1"), "fill value -1 is outside u8's range 0..2^8-1");
    EXPECT_EQ(problemOf(ElementType::I8, "-128"), "");
    EXPECT_NE(problemOf(ElementType::I8, "128"), "");
    EXPECT_EQ(problemOf(ElementType::I32, "2147483647"), "");
    EXPECT_EQ(problemOf(ElementType::I32, "3e9"), "fill value 3000000000.0 is outside i32's range -2^31..2^31-1");
    EXPECT_EQ(problemOf(ElementType::I32, "1.5"), "fill value 1.5 is not a whole number, as i32 needs");
    EXPECT_EQ(problemOf(ElementType::I32, "2.0"), "");
    EXPECT_EQ(problemOf(ElementType::U64, "18446744073709549568"), "");
    EXPECT_NE(problemOf(ElementType::U64, "18446744073709551615"), "");
    EXPECT_NE(problemOf(ElementType::I64, "9007199254740993").find("not exact as a double"), std::string::npos);
}

TEST(FillValue, FloatTypesTakeFiniteValuesInRange)
{
    EXPECT_EQ(problemOf(ElementType::F32, "1.5"), "");
    EXPECT_EQ(problemOf(ElementType::F32, "-3.4e38"), "");
    EXPECT_EQ(problemOf(ElementType::F32, "1e39"), "fill value 1e+39 is beyond the largest f32");
    EXPECT_EQ(problemOf(ElementType::F64, "1e300"), "");
}

} // namespace
