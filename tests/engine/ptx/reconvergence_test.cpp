#include "engine/ptx/cfg.h"
#include "ptx_test_util.h"

using namespace engine::ptx;
using namespace ptx_test;

namespace {

const Function& onlyKernel(const Module& m)
{
    static const Function kNone;
    return m.functions.empty() ? kNone : m.functions[0];
}

} // namespace

// pc:  0 setp  1 @p bra ELSE  2 add  3 bra END  4 ELSE: sub  5 END: ret
TEST(PtxReconvergence, IfThenElseReconvergesAtTheJoin)
{
    Module m = parseOk(kernelWithBody("setp.lt.s32 %p1, %r1, %r2;\n@%p1 bra ELSE;\nadd.s32 %r3, %r1, 1;\nbra END;\n"
                                      "ELSE:\nsub.s32 %r3, %r1, 1;\nEND:\nret;"));
    const Function& f = onlyKernel(m);
    ASSERT_EQ(f.instructions.size(), 6u);
    EXPECT_EQ(f.instructions[1].reconvergePc, 5u);
    EXPECT_EQ(f.instructions[1].operands[0].index, 4u);
    EXPECT_EQ(f.instructions[3].reconvergePc, 5u);
    ControlFlowGraph cfg(f);
    EXPECT_EQ(cfg.blocks().size(), 4u);
}

// pc: 0 @p bra SKIP  1 add  2 SKIP: ret — an if without else reconverges at its target.
TEST(PtxReconvergence, IfThenReconvergesAtTheBranchTarget)
{
    Module m = parseOk(kernelWithBody("@!%p1 bra SKIP;\nadd.s32 %r3, %r1, 1;\nSKIP:\nret;"));
    const Function& f = onlyKernel(m);
    EXPECT_TRUE(f.instructions[0].guardNegated);
    EXPECT_EQ(f.instructions[0].reconvergePc, 2u);
}

// pc: 0 LOOP: add  1 setp  2 @p bra LOOP  3 st  4 ret — a loop's back edge reconverges after the loop.
TEST(PtxReconvergence, LoopBackEdgeReconvergesAtTheExitOfTheLoop)
{
    Module m = parseOk(kernelWithBody("LOOP:\nadd.s32 %r1, %r1, 1;\nsetp.lt.s32 %p1, %r1, %r2;\n@%p1 bra LOOP;\n"
                                      "st.global.u32 [%rd1], %r1;\nret;"));
    EXPECT_EQ(onlyKernel(m).instructions[2].reconvergePc, 3u);
}

// pc: 0 @p bra OUT  1 add  2 @q bra OUT  3 sub  4 OUT: ret — two exits from a region join at OUT.
TEST(PtxReconvergence, NestedConditionsShareTheirJoin)
{
    Module m = parseOk(kernelWithBody("@%p1 bra OUT;\nadd.s32 %r1, %r1, 1;\n@%p2 bra OUT;\nsub.s32 %r1, %r1, 1;\n"
                                      "OUT:\nret;"));
    const Function& f = onlyKernel(m);
    EXPECT_EQ(f.instructions[0].reconvergePc, 4u);
    EXPECT_EQ(f.instructions[2].reconvergePc, 4u);
}

// pc: 0 @p bra EARLY  1 add  2 ret  3 EARLY: sub  4 ret — paths that only meet at the exit.
TEST(PtxReconvergence, EarlyReturnReconvergesAtTheFunctionExit)
{
    Module m
        = parseOk(kernelWithBody("@%p1 bra EARLY;\nadd.s32 %r1, %r1, 1;\nret;\nEARLY:\nsub.s32 %r1, %r1, 1;\nret;"));
    const Function& f = onlyKernel(m);
    EXPECT_EQ(f.instructions[0].reconvergePc, f.instructions.size());
    ControlFlowGraph cfg(f);
    EXPECT_EQ(cfg.immediatePostDominator(0), cfg.exitBlock());
}

// pc: 0 @p bra DONE  1 SPIN: bra SPIN  2 DONE: ret. The spinning path never reaches the exit, so
// post-dominance counts only the terminating path (DONE); the endless branch itself gets the exit.
TEST(PtxReconvergence, EndlessLoopGetsDefinedPoints)
{
    Module m = parseOk(kernelWithBody("@%p1 bra DONE;\nSPIN:\nbra SPIN;\nDONE:\nret;"));
    const Function& f = onlyKernel(m);
    EXPECT_EQ(f.instructions[0].reconvergePc, 2u);
    EXPECT_EQ(f.instructions[1].reconvergePc, f.instructions.size());
}

TEST(PtxReconvergence, DivergentIfInsideALoop)
{
    // pc: 0 LOOP: @p bra SKIP  1 add  2 SKIP: setp  3 @q bra LOOP  4 ret
    Module m = parseOk(kernelWithBody("LOOP:\n@%p1 bra SKIP;\nadd.s32 %r1, %r1, 1;\nSKIP:\n"
                                      "setp.lt.s32 %p2, %r1, %r2;\n@%p2 bra LOOP;\nret;"));
    const Function& f = onlyKernel(m);
    EXPECT_EQ(f.instructions[0].reconvergePc, 2u);
    EXPECT_EQ(f.instructions[3].reconvergePc, 4u);
}
