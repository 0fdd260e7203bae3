#include "engine/device/device_catalog.h"
#include "tests/engine/device_fixtures.h"

#include <gtest/gtest.h>

namespace {

using testing_fixtures::builtinProfile;

TEST(BuiltinProfiles, AllLoadWithoutErrors)
{
    const auto loaded = engine::DeviceCatalog::load({});
    for (const auto& error : loaded.errors)
        ADD_FAILURE() << error.toString();
    std::vector<std::string> ids;
    for (const auto& profile : loaded.catalog.profiles())
        ids.push_back(profile.id);
    // Oldest generation first.
    EXPECT_EQ(ids, (std::vector<std::string> { "g80", "c1060", "c2050", "m2090", "k20x", "v100", "a100", "h100" }));
}

TEST(BuiltinProfiles, EveryValueCitesItsSource)
{
    for (const auto& profile : testing_fixtures::builtinCatalog().profiles()) {
        for (const auto& field : engine::uncitedFields(profile))
            ADD_FAILURE() << profile.id << ": " << field << " has no entry in sources";
    }
}

TEST(BuiltinProfiles, TheoreticalBandwidthMatchesTheBestPracticesGuide)
{
    // best-practices-guide-v8.0.txt §8.2.1: Tesla M2090, 177.6 GB/s.
    EXPECT_NEAR(engine::theoreticalBandwidthGBps(builtinProfile("m2090").memory), 177.6, 1e-9);
    // best-practices-guide-current.txt §8.2.1: Tesla V100, 898 GB/s.
    EXPECT_NEAR(engine::theoreticalBandwidthGBps(builtinProfile("v100").memory), 898.0, 0.1);
}

TEST(BuiltinProfiles, GenerationsUseTheirOwnRules)
{
    EXPECT_EQ(builtinProfile("g80").coalescing, engine::CoalescingGeneration::Cc10);
    EXPECT_EQ(builtinProfile("c1060").coalescing, engine::CoalescingGeneration::Cc12);
    EXPECT_EQ(builtinProfile("c2050").coalescing, engine::CoalescingGeneration::Cc20);
    EXPECT_EQ(builtinProfile("h100").coalescing, engine::CoalescingGeneration::Sectored);
    EXPECT_EQ(builtinProfile("g80").sharedMemory.banks, 16);
    EXPECT_TRUE(builtinProfile("g80").sharedMemory.halfWarp);
    EXPECT_EQ(builtinProfile("k20x").sharedMemory.bankWidthBytes, 8);
    EXPECT_EQ(builtinProfile("g80").allocation.registerGranularity, engine::RegisterGranularity::Block);
    EXPECT_EQ(builtinProfile("h100").allocation.registerGranularity, engine::RegisterGranularity::Warp);
}

} // namespace
