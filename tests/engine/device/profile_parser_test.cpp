#include "engine/device/profile_parser.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace {

nlohmann::json v100Json()
{
    std::ifstream in(testing_paths::sourceDir() / "resources/devices/v100.json");
    return nlohmann::json::parse(in);
}

engine::Error parseError(const nlohmann::json& json)
{
    const auto result = engine::parseDeviceProfile(json.dump(2), "broken.json");
    EXPECT_FALSE(result.ok());
    return result.ok() ? engine::Error {} : result.error();
}

TEST(ProfileParser, ReadsABundledProfile)
{
    const auto result = engine::parseDeviceProfile(v100Json().dump(), "v100.json");
    ASSERT_TRUE(result.ok()) << result.error().toString();
    EXPECT_EQ(result->id, "v100");
    EXPECT_EQ(result->computeCapability, (engine::ComputeCapability { 7, 0 }));
    EXPECT_EQ(result->limits.registersPerSm, 65536);
    EXPECT_EQ(result->allocation.warpAllocationGranularity, 4);
    EXPECT_TRUE(result->fields.contains("limits.max_warps_per_sm"));
    EXPECT_TRUE(result->fields.contains("instructions.fp32.latency_cycles"));
}

TEST(ProfileParser, MalformedJsonNamesLineAndColumn)
{
    const auto result = engine::parseDeviceProfile("{\n  \"id\": \"x\",\n  \"name\" \"y\"\n}", "user.json");
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().location.file, "user.json");
    EXPECT_EQ(result.error().location.line, 3u);
    EXPECT_EQ(result.error().toString().rfind("user.json:3:", 0), 0u) << result.error().toString();
}

TEST(ProfileParser, UnknownKeyNamesItsPath)
{
    auto json = v100Json();
    json["limits"]["max_warp_per_sm"] = 64;
    const auto error = parseError(json);
    EXPECT_EQ(error.location.jsonPath, "/limits/max_warp_per_sm");
    EXPECT_EQ(error.toString(), "broken.json: /limits/max_warp_per_sm: unknown key");
}

TEST(ProfileParser, WrongTypeNamesPathAndType)
{
    auto json = v100Json();
    json["limits"]["max_warps_per_sm"] = "sixty-four";
    const auto error = parseError(json);
    EXPECT_EQ(error.location.jsonPath, "/limits/max_warps_per_sm");
    EXPECT_EQ(error.message, "expected an integer, found string");
}

TEST(ProfileParser, MissingKeyIsAnError)
{
    auto json = v100Json();
    json["allocation"].erase("register_allocation_unit");
    EXPECT_EQ(parseError(json).location.jsonPath, "/allocation/register_allocation_unit");
}

TEST(ProfileParser, OutOfRangeAndBadEnumsAreErrors)
{
    auto json = v100Json();
    json["sm_count"] = 0;
    EXPECT_EQ(parseError(json).message, "value 0 is outside 1..100000");
    json = v100Json();
    json["coalescing"] = "cc30";
    EXPECT_EQ(parseError(json).location.jsonPath, "/coalescing");
    json = v100Json();
    json["compute_capability"] = "7";
    EXPECT_EQ(parseError(json).location.jsonPath, "/compute_capability");
    json = v100Json();
    json["allocation"]["register_allocation_granularity"] = "thread";
    EXPECT_EQ(parseError(json).location.jsonPath, "/allocation/register_allocation_granularity");
}

TEST(ProfileParser, InconsistentLimitsAreErrors)
{
    auto json = v100Json();
    json["limits"]["max_shared_memory_per_block_bytes"] = 200000;
    EXPECT_EQ(parseError(json).message, "larger than shared_memory_per_sm_bytes");
}

TEST(ProfileParser, SourcesMustCiteExistingKeys)
{
    auto json = v100Json();
    json["sources"]["limits.max_warp_per_sm"] = "a typo";
    EXPECT_EQ(parseError(json).location.jsonPath, "/sources/limits.max_warp_per_sm");
}

TEST(ProfileParser, NotAnObjectIsAnError)
{
    const auto result = engine::parseDeviceProfile("[1, 2]", "list.json");
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().toString(), "list.json: /: expected an object, found array");
}

TEST(ProfileParser, DramSustainedFractionIsAShareOfTheTheoreticalBandwidth)
{
    auto json = v100Json();
    json["timing"]["dram_sustained_fraction"] = 1.5;
    json["sources"]["timing.dram_sustained_fraction"] = "test";
    const auto error = parseError(json);
    EXPECT_EQ(error.location.jsonPath, "/timing/dram_sustained_fraction");
    json["timing"]["dram_sustained_fraction"] = 0.9;
    const auto result = engine::parseDeviceProfile(json.dump(2), "v100-sustained.json");
    ASSERT_TRUE(result.ok()) << result.error().toString();
    EXPECT_DOUBLE_EQ(result->timing.dramSustainedFraction, 0.9);
    EXPECT_DOUBLE_EQ(engine::parseDeviceProfile(v100Json().dump(2), "v100.json")->timing.dramSustainedFraction, 1.0);
}

} // namespace
