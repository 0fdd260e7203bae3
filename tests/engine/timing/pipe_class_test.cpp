// Pipes, issue intervals and the registers an instruction reads and writes.
#include "engine/timing/pipe_class.h"
#include "engine/timing/static_instruction.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/simt/simt_test_util.h"

#include <gtest/gtest.h>

using namespace engine::timing;

TEST(PipeTiming, G80TakesFourClocksPerWarpInstruction)
{
    // programming-guide-0.8.2.txt §6.1.1.1: 4 cycles for FP add/mul/mad, 16 for rcp and 32-bit imul.
    const PipeTiming g80 = makePipeTiming(testing_fixtures::builtinProfile("g80"));
    EXPECT_EQ(g80.intervalCycles[static_cast<std::size_t>(Pipe::Fp32)], 4u);
    EXPECT_EQ(g80.intervalCycles[static_cast<std::size_t>(Pipe::Sfu)], 16u);
    EXPECT_EQ(g80.intervalCycles[static_cast<std::size_t>(Pipe::IntMul)], 16u);
    // 4 cycles to issue a shared or global access for the two half-warps: 2 per pass.
    EXPECT_EQ(g80.sharedCyclesPerWavefront, 2u);
}

TEST(PipeTiming, H100IssuesOneFp32WarpInstructionPerSchedulerPerClock)
{
    // 128 fp32 lanes per SM over 4 schedulers; best-practices-guide-current.txt §10.2: 4-cycle latency.
    const PipeTiming h100 = makePipeTiming(testing_fixtures::builtinProfile("h100"));
    EXPECT_EQ(h100.intervalCycles[static_cast<std::size_t>(Pipe::Fp32)], 1u);
    EXPECT_EQ(h100.intervalCycles[static_cast<std::size_t>(Pipe::Fp64)], 2u);
    EXPECT_EQ(h100.latencyCycles[static_cast<std::size_t>(Pipe::Fp32)], 4u);
    EXPECT_EQ(h100.sharedCyclesPerWavefront, 1u);
}

TEST(PipeTiming, H100SharedLoadsTakeTheMeasuredLatencyAndOneCyclePerWavefront)
{
    // bench/hardware/h100/latency/ (docs/latency_h100.md): a dependent ld.shared.u32 chain takes 23.0 cycles per
    // load; with 64 warps per SM loading back to back, an SM spends 1.00, 2.00 and 4.00 cycles per LDS, LDS.64 and
    // LDS.128 of consecutive words (1, 2 and 4 wavefronts) and 1.00 / 2.03 per broadcast LDS.64 / LDS.128 (1 and 2).
    const PipeTiming h100 = makePipeTiming(testing_fixtures::builtinProfile("h100"));
    EXPECT_EQ(h100.latencyCycles[static_cast<std::size_t>(Pipe::Shared)], 23u);
    for (const auto& [wavefronts, measuredCycles] : { std::pair { 1u, 1.00 }, { 2u, 2.00 }, { 4u, 4.00 }, { 2u, 2.03 } })
        EXPECT_NEAR(double(wavefronts * h100.sharedCyclesPerWavefront), measuredCycles, 0.05);
}

TEST(PipeTiming, H100StartsBlocksAtTheMeasuredRates)
{
    // bench/hardware/h100/block_size/block_size_ncu.csv (docs/latency_h100.md): offsetCopy on an H100 takes 160.0
    // and 161.9 cycles per block per SM with 2- and 4-warp blocks, and 26.8-31.4 cycles per warp with 16- and
    // 32-warp blocks (1006 cycles per 1024-thread block at n = 16 M).
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    EXPECT_EQ(blockLaunchInterval(h100, 2), 161u);
    EXPECT_EQ(blockLaunchInterval(h100, 4), 161u);
    EXPECT_NEAR(double(blockLaunchInterval(h100, 16)) / 16, 29.0, 2.5);
    EXPECT_NEAR(double(blockLaunchInterval(h100, 32)), 1006.0, 1006.0 * 0.10);
}

TEST(StaticInstruction, LoadsWriteTheirDestinationAndReadTheAddressRegister)
{
    const auto m = simt_testing::corpus("offset_copy");
    const auto& fn = m.functions[static_cast<std::size_t>(m.findFunction("offsetCopy"))];
    const auto table = analyzeFunction(fn);
    bool sawLoad = false;
    for (std::size_t pc = 0; pc < fn.instructions.size(); ++pc) {
        const auto& ins = fn.instructions[pc];
        if (ins.opcode == engine::ptx::Opcode::Ld && ins.space == engine::ptx::StateSpace::Global) {
            sawLoad = true;
            EXPECT_EQ(table[pc].pipe, Pipe::Global);
            EXPECT_EQ(table[pc].dstCount, 1);
            EXPECT_EQ(table[pc].srcCount, 1);
        }
        if (ins.opcode == engine::ptx::Opcode::St) {
            EXPECT_EQ(table[pc].dstCount, 0);
        }
    }
    EXPECT_TRUE(sawLoad);
}
