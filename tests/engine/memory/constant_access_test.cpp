// Constant cache serialization (DIGEST §4.4, §14 row 40).
#include "engine/memory/constant_access.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/memory/warp_patterns.h"

#include <gtest/gtest.h>

using namespace testing_fixtures;

TEST(ConstantAccess, UniformAddressIsOneBroadcast)
{
    // best-practices-guide-v8.0.txt §9.2.5: "If all threads of a warp access the same location, then constant
    // memory can be as fast as a register access".
    const auto r = engine::resolveConstantAccess(stridedAccess(0x100, 0), builtinProfile("h100"));
    EXPECT_EQ(r.distinctAddresses, 1);
    EXPECT_EQ(r.serializedReads, 1);
    EXPECT_TRUE(r.uniform);
}

TEST(ConstantAccess, CostScalesWithDistinctAddresses)
{
    // §9.2.5: "the cost scales linearly with the number of unique addresses read by all threads within a warp".
    for (int distinct : { 2, 3, 8, 32 }) {
        auto access = stridedAccess(0x100, 0);
        for (int lane = 0; lane < 32; ++lane)
            access.laneAddresses[static_cast<std::size_t>(lane)] = 0x100 + 4u * static_cast<unsigned>(lane % distinct);
        const auto r = engine::resolveConstantAccess(access, builtinProfile("v100"));
        EXPECT_EQ(r.serializedReads, distinct);
        EXPECT_FALSE(r.uniform);
    }
}

TEST(ConstantAccess, Cc1xCountsEachHalfWarp)
{
    // opencl-programming-guide-2.3.txt §3.1.2.3: per half-warp on CC 1.x.
    const auto uniform = engine::resolveConstantAccess(stridedAccess(0x100, 0), builtinProfile("g80"));
    EXPECT_EQ(uniform.serializedReads, 2);
    EXPECT_TRUE(uniform.uniform);
    auto access = stridedAccess(0x100, 0);
    for (int lane = 16; lane < 32; ++lane)
        access.laneAddresses[static_cast<std::size_t>(lane)] = 0x200;
    const auto r = engine::resolveConstantAccess(access, builtinProfile("g80"));
    EXPECT_EQ(r.distinctAddresses, 2);
    EXPECT_EQ(r.serializedReads, 2); // each half-warp is uniform
    EXPECT_EQ(engine::resolveConstantAccess(access, false).serializedReads, 2);
    EXPECT_NE(engine::explainConstantAccess(access, r).find("2 serialized reads"), std::string::npos);
}
