// The issue order ptxas gives straight-line PTX (engine/ptx/issue_order.h): independent chains interleaved,
// loads hoisted ahead of their uses up to the register budget, and nothing moved that would change a value.
#include "engine/ptx/issue_order.h"
#include "tests/engine/ptx/ptx_test_util.h"
#include "tests/engine/simt/simt_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace {

using engine::ptx::Function;
using engine::ptx::Opcode;

/// The body lines (0 = the first instruction line of the body) of `fn`'s instructions, in issue order.
std::vector<int> bodyLines(const Function& fn)
{
    std::uint32_t first = ~0u;
    for (const auto& ins : fn.instructions)
        first = std::min(first, ins.ptxLine);
    std::vector<int> lines;
    for (const auto& ins : fn.instructions)
        lines.push_back(static_cast<int>(ins.ptxLine - first));
    return lines;
}

int position(const std::vector<int>& lines, int line)
{
    return static_cast<int>(std::find(lines.begin(), lines.end(), line) - lines.begin());
}

/// Global loads issued before the first FMA.
int loadsBeforeFirstFma(const Function& fn)
{
    int loads = 0;
    for (const auto& ins : fn.instructions) {
        if (ins.opcode == Opcode::Fma)
            break;
        loads += ins.opcode == Opcode::Ld && ins.space == engine::ptx::StateSpace::Global;
    }
    return loads;
}

Function scheduled(const std::string& body)
{
    auto module = ptx_test::parseOk(ptx_test::kernelWithBody(body));
    if (module.functions.empty())
        return {};
    engine::ptx::scheduleIssueOrder(module.functions[0]);
    return module.functions[0];
}

TEST(IssueOrder, InterleavesIndependentChainsWrittenOneAfterTheOther)
{
    // fmaIndependent4's PTX lists each chain whole; the H100 runs four chains in the time of one
    // (docs/timing_rules_h100.md), as ptxas interleaves them.
    const Function fn = scheduled("ld.param.u64 %rd1, [k_p0];\n"
                                  "ld.global.f32 %f1, [%rd1];\n"
                                  "fma.rn.f32 %f2, %f1, %f1, %f1;\n" // 2: chain A
                                  "fma.rn.f32 %f3, %f2, %f2, %f2;\n" // 3
                                  "fma.rn.f32 %f4, %f1, %f1, %f1;\n" // 4: chain B
                                  "fma.rn.f32 %f5, %f4, %f4, %f4;\n" // 5
                                  "st.global.f32 [%rd1], %f3;\n"
                                  "st.global.f32 [%rd1+4], %f5;\n"
                                  "ret;");
    const auto lines = bodyLines(fn);
    ASSERT_EQ(lines.size(), 9u);
    EXPECT_LT(position(lines, 4), position(lines, 3)); // B's first FMA fills A's latency
    EXPECT_LT(position(lines, 2), position(lines, 3));
    EXPECT_LT(position(lines, 4), position(lines, 5));
    EXPECT_EQ(position(lines, 6) + 1, position(lines, 7)); // the stores keep their order
    EXPECT_EQ(lines.back(), 8); // ret stays last
}

TEST(IssueOrder, HoistsLoadsAheadOfTheirUsesUpToTheRegisterBudget)
{
    // An unrolled dot product as NVVM writes it: ld a, ld b, fma, ... 20 times.
    std::string body = "ld.param.u64 %rd1, [k_p0];\nmov.f32 %f3, 0f00000000;\n";
    for (int i = 0; i < 20; ++i)
        body += "ld.global.f32 %f1, [%rd1+" + std::to_string(8 * i) + "];\nld.global.f32 %f2, [%rd1+"
            + std::to_string(8 * i + 4) + "];\nfma.rn.f32 %f3, %f1, %f2, %f3;\n";
    body += "st.global.f32 [%rd1], %f3;\nret;";
    // With two value registers reused, write-after-read keeps each pair behind the FMA before it: nothing moves.
    const Function reused = scheduled(body);
    EXPECT_EQ(loadsBeforeFirstFma(reused), 2);

    // With a register per value (as NVVM's SSA form has), the loads go first, 16 ahead of the first FMA.
    std::string ssa = "ld.param.u64 %rd1, [k_p0];\nmov.f32 %f3, 0f00000000;\n";
    for (int i = 0; i < 20; ++i)
        ssa += "ld.global.f32 %fa" + std::to_string(i) + ", [%rd1+" + std::to_string(8 * i) + "];\nld.global.f32 %fb"
            + std::to_string(i) + ", [%rd1+" + std::to_string(8 * i + 4) + "];\nfma.rn.f32 %f3, %fa" + std::to_string(i)
            + ", %fb" + std::to_string(i) + ", %f3;\n";
    ssa += "st.global.f32 [%rd1], %f3;\nret;";
    const std::string decls = ".reg .f32 %fa<20>;\n.reg .f32 %fb<20>;\n";
    const Function fn = scheduled(decls + ssa);
    EXPECT_EQ(loadsBeforeFirstFma(fn), engine::ptx::kMaxLoadsInFlight);
    EXPECT_EQ(fn.instructions.size(), reused.instructions.size());
}

TEST(IssueOrder, KeepsMemoryOrderAndGuardedWrites)
{
    const Function fn = scheduled("ld.param.u64 %rd1, [k_p0];\n"
                                  "mov.f32 %f1, 0f3F800000;\n" // 1: %f1 = 1
                                  "st.global.f32 [%rd1], %f1;\n" // 2
                                  "ld.global.f32 %f2, [%rd1];\n" // 3: reads what 2 stored
                                  "setp.gt.f32 %p1, %f2, 0f00000000;\n" // 4
                                  "mov.f32 %f3, 0f40000000;\n" // 5: %f3 = 2
                                  "@%p1 mov.f32 %f3, %f2;\n" // 6: conditionally replaces it
                                  "add.f32 %f4, %f3, %f3;\n" // 7
                                  "st.global.f32 [%rd1+4], %f4;\n"
                                  "ret;");
    const auto lines = bodyLines(fn);
    EXPECT_LT(position(lines, 2), position(lines, 3)); // a load never passes a store
    EXPECT_LT(position(lines, 5), position(lines, 6)); // the guarded write stays after the one it may keep
    EXPECT_LT(position(lines, 6), position(lines, 7));
    EXPECT_LT(position(lines, 4), position(lines, 6)); // and after its guard
}

TEST(IssueOrder, NothingCrossesABarrierOrALabel)
{
    const Function fn = scheduled("ld.param.u64 %rd1, [k_p0];\n"
                                  "fma.rn.f32 %f2, %f1, %f1, %f1;\n" // 1
                                  "bar.sync 0;\n" // 2
                                  "ld.global.f32 %f3, [%rd1];\n" // 3
                                  "$L_top:\n"
                                  "ld.global.f32 %f4, [%rd1+4];\n" // 5
                                  "add.f32 %f5, %f2, %f2;\n" // 6
                                  "setp.lt.f32 %p1, %f4, %f5;\n"
                                  "@%p1 bra $L_top;\n"
                                  "ret;");
    const auto lines = bodyLines(fn);
    EXPECT_EQ(position(lines, 2), 2); // the barrier stays, with what came before it before it
    EXPECT_EQ(position(lines, 3), 3); // the load after it stays after it, before the label
    EXPECT_EQ(fn.labelPcs.size(), 1u);
    EXPECT_EQ(lines[fn.labelPcs[0]], 5); // the loop's first instruction is still where the branch goes
}

TEST(IssueOrder, SimpleMultiplyIssuesSixteenLoadsBeforeItsFirstFma)
{
    // bench/hardware/h100/sass/matrix_ab.sass: ptxas 13.0's simpleMultiply for sm_90 issues 16 LDGs, then
    // its first FFMA.
    auto module = simt_testing::corpus("matrix_ab", "sm_90");
    const int index = module.findFunction("simpleMultiply");
    ASSERT_GE(index, 0);
    auto& fn = module.functions[static_cast<std::size_t>(index)];
    EXPECT_EQ(loadsBeforeFirstFma(fn), 2); // as NVVM wrote it: load, load, FMA
    engine::ptx::scheduleIssueOrder(fn);
    EXPECT_EQ(loadsBeforeFirstFma(fn), 16);
}

} // namespace
