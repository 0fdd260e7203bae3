// Worked occupancy examples of the seeds (DIGEST §5.3), each an exact test case.
#include "engine/occupancy/occupancy_calculator.h"
#include "tests/engine/device_fixtures.h"

#include <gtest/gtest.h>

using engine::calculateOccupancy;
using engine::OccupancyInput;
using engine::OccupancyLimit;
using testing_fixtures::builtinProfile;

namespace {

engine::OccupancyResult occupancyOf(const std::string& device, int threads, int registers, int shared = 0)
{
    auto result = calculateOccupancy(builtinProfile(device), OccupancyInput { threads, registers, shared });
    EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().toString());
    return result.value();
}

// A CC 1.1 device has the CC 1.0 limits (opencl-programming-guide-2.3.txt Appendix A.1.2), so g80 stands in.
TEST(OccupancySeedExamples, Cc11With128ThreadBlocksAnd12RegistersGives5BlocksAnd83Percent)
{
    // best-practices-guide-v8.0.txt §10.1.1: "occupancy of 83% with 5 active 128-thread blocks".
    const auto r = occupancyOf("g80", 128, 12);
    EXPECT_EQ(r.blocksPerSm, 5);
    EXPECT_EQ(r.activeWarpsPerSm, 20);
    EXPECT_NEAR(r.occupancy, 0.833, 0.001);
    EXPECT_EQ(r.allocatedRegistersPerBlock, 1536);
    EXPECT_EQ(r.limitedBy, std::vector { OccupancyLimit::Registers });
}

TEST(OccupancySeedExamples, Cc11With256ThreadBlocksAnd12RegistersGives2Blocks)
{
    // best-practices-guide-v8.0.txt §10.1.1: "occupancy of 66% because only two 256-thread blocks can reside".
    const auto r = occupancyOf("g80", 256, 12);
    EXPECT_EQ(r.blocksPerSm, 2);
    EXPECT_NEAR(r.occupancy, 0.667, 0.001);
}

TEST(OccupancySeedExamples, Cc11With512ThreadBlocksHoldsOneBlock)
{
    // best-practices-guide-v8.0.txt §10.5: 512-thread blocks give 66 % "because the maximum number of
    // threads per multiprocessor on such a device is 768".
    const auto r = occupancyOf("g80", 512, 8);
    EXPECT_EQ(r.blocksPerSm, 1);
    EXPECT_NEAR(r.occupancy, 0.667, 0.001);
    EXPECT_EQ(r.limitedBy, std::vector { OccupancyLimit::Warps });
}

TEST(OccupancySeedExamples, Cc11With256ThreadBlocksCanReach100Percent)
{
    // best-practices-guide-v8.0.txt §10.5: "100 percent occupancy with three resident active blocks".
    const auto r = occupancyOf("g80", 256, 10);
    EXPECT_EQ(r.blocksPerSm, 3);
    EXPECT_DOUBLE_EQ(r.occupancy, 1.0);
}

TEST(OccupancySeedExamples, Cc11FullOccupancyNeedsAtMost10Registers)
{
    // best-practices-guide-v8.0.txt §10.1.1: 8,192 registers for 768 threads → "at most 10 registers".
    EXPECT_DOUBLE_EQ(occupancyOf("g80", 256, 10).occupancy, 1.0);
    EXPECT_LT(occupancyOf("g80", 256, 11).occupancy, 1.0);
}

TEST(OccupancySeedExamples, Cc13DoublesTheRegisterFile)
{
    // opencl-programming-guide-2.3.txt §3.2: regs per block = ceil(R × ceil(T, 32), Rmax/32) with
    // Rmax = 16384 on CC 1.2+: 12 × 256 = 3072 → 5 blocks by registers, 4 by the 32-warp limit.
    const auto r = occupancyOf("c1060", 256, 12);
    EXPECT_EQ(r.blocksByRegisters, 5);
    EXPECT_EQ(r.blocksPerSm, 4);
    EXPECT_DOUBLE_EQ(r.occupancy, 1.0);
}

TEST(OccupancySeedExamples, Cc70With128ThreadBlocksAnd37RegistersGives12BlocksAnd75Percent)
{
    // best-practices-guide-current.txt §10.1.1: "occupancy of 75% with 12 active 128-thread blocks".
    const auto r = occupancyOf("v100", 128, 37);
    EXPECT_EQ(r.blocksPerSm, 12);
    EXPECT_DOUBLE_EQ(r.occupancy, 0.75);
}

TEST(OccupancySeedExamples, Cc70With320ThreadBlocksAnd37RegistersGives4BlocksAnd63Percent)
{
    // best-practices-guide-current.txt §10.1.1: "occupancy of 63% because only four 320-thread blocks can
    // reside" — reproduced only by per-warp allocation and 4 sub-partitions (DIGEST §5.3 and §12.1 erratum 1).
    const auto r = occupancyOf("v100", 320, 37);
    EXPECT_EQ(r.blocksPerSm, 4);
    EXPECT_DOUBLE_EQ(r.occupancy, 0.625);
    EXPECT_EQ(r.limitedBy, std::vector { OccupancyLimit::Registers });
}

TEST(OccupancySeedExamples, Cc70FullOccupancyNeedsAtMost32Registers)
{
    // best-practices-guide-current.txt §10.1.1: 65,536 registers for 2048 threads → "at most 32 registers".
    EXPECT_DOUBLE_EQ(occupancyOf("v100", 256, 32).occupancy, 1.0);
    EXPECT_LT(occupancyOf("v100", 256, 33).occupancy, 1.0);
}

TEST(OccupancySeedExamples, SharedMemoryLimitsBlocks)
{
    // opencl-programming-guide-2.3.txt §2.1.2: not enough shared memory per SM for more blocks limits them;
    // 16 KB per SM on CC 1.x, 5000 bytes → rounded to 5120 → 3 blocks.
    const auto r = occupancyOf("g80", 64, 0, 5000);
    EXPECT_EQ(r.allocatedSharedBytesPerBlock, 5120);
    EXPECT_EQ(r.blocksPerSm, 3);
    EXPECT_EQ(r.limitedBy, std::vector { OccupancyLimit::SharedMemory });
}

TEST(OccupancySeedExamples, ImpossibleConfigurationsAreErrors)
{
    // opencl-programming-guide-2.3.txt §2.1.2: "the kernel will fail to launch".
    const auto& h100 = builtinProfile("h100");
    EXPECT_FALSE(calculateOccupancy(h100, { 2000, 32, 0 }).ok());
    EXPECT_FALSE(calculateOccupancy(h100, { 0, 32, 0 }).ok());
    EXPECT_FALSE(calculateOccupancy(h100, { 256, 256, 0 }).ok());
    EXPECT_FALSE(calculateOccupancy(h100, { 256, 32, 232449 }).ok());
    EXPECT_FALSE(calculateOccupancy(builtinProfile("g80"), { 1024, 8, 0 }).ok());
    const auto error = calculateOccupancy(h100, { 2000, 32, 0 }).error();
    EXPECT_EQ(error.message, "a block of 2000 threads is outside 1..1024 on h100 (CC 9.0)");
}

TEST(OccupancySeedExamples, BlockThatNeedsMoreRegistersThanAnSmHasFitsZeroTimes)
{
    // 1024 threads at 255 registers: 32 warps × 8192 registers is far beyond the 65,536 of an SM.
    const auto r = occupancyOf("h100", 1024, 255);
    EXPECT_EQ(r.blocksPerSm, 0);
    EXPECT_EQ(r.limitedBy, std::vector { OccupancyLimit::Registers });
    EXPECT_NE(explainOccupancy(builtinProfile("h100"), { 1024, 255, 0 }, r).find("No block"), std::string::npos);
}

TEST(OccupancySeedExamples, ExplanationNamesTheLimit)
{
    const auto& v100 = builtinProfile("v100");
    const auto r = occupancyOf("v100", 320, 37);
    const auto text = explainOccupancy(v100, { 320, 37, 0 }, r);
    EXPECT_EQ(text,
        "4 blocks of 320 threads per SM: 40 of 64 warps (63 %). Limited by registers: each block is allocated "
        "12800 registers and an SM has 65536.");
}

} // namespace
