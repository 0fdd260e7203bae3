// The profile picks the coalescing rule of its generation.
#include "engine/memory/global_coalescer.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/memory/warp_patterns.h"

#include <gtest/gtest.h>

using namespace testing_fixtures;

TEST(GlobalCoalescer, EachProfileGetsItsGenerationsRule)
{
    const std::pair<const char*, std::string> expected[] = { { "g80", "CC 1.0/1.1 strict half-warp coalescing" },
        { "c1060", "CC 1.2/1.3 segment coalescing" }, { "c2050", "CC 2.x L1-line / L2-segment coalescing" },
        { "m2090", "CC 2.x L1-line / L2-segment coalescing" }, { "k20x", "CC 3.0+ sectored coalescing" },
        { "v100", "CC 3.0+ sectored coalescing" }, { "a100", "CC 3.0+ sectored coalescing" },
        { "h100", "CC 3.0+ sectored coalescing" } };
    for (const auto& [device, rule] : expected)
        EXPECT_EQ(engine::makeGlobalCoalescer(builtinProfile(device))->ruleName(), rule) << device;
}

TEST(GlobalCoalescer, OffsetOneAcrossGenerations)
{
    // One misaligned warp, four generations: 32 (1.0), 3 (1.3), 2 lines (2.0), 5 sectors (7.0).
    const std::pair<const char*, int> expected[] = { { "g80", 32 }, { "c1060", 3 }, { "m2090", 2 }, { "v100", 5 } };
    for (const auto& [device, transactions] : expected) {
        engine::CoalescingResult result;
        engine::makeGlobalCoalescer(builtinProfile(device))->coalesce(offsetCopyWarp(1), result);
        EXPECT_EQ(result.transactionCount, transactions) << device;
        EXPECT_EQ(result.bytesRequested, 128u) << device;
    }
}

TEST(GlobalCoalescer, EveryGenerationExplainsItself)
{
    for (const char* device : { "g80", "c1060", "m2090", "k20x", "h100" }) {
        const std::string text = engine::makeGlobalCoalescer(builtinProfile(device))->explain(offsetCopyWarp(1));
        EXPECT_FALSE(text.empty()) << device;
        EXPECT_NE(text.find(".txt §"), std::string::npos) << device << ": " << text;
    }
}
