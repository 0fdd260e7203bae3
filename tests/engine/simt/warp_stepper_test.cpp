// The stepping API: one instruction at a time, back and forth, breakpoints, barriers, lane state.
#include "engine/simt/warp_stepper.h"

#include "simt_test_util.h"

using namespace simt_testing;
using namespace engine::simt;

namespace {

struct Fixture {
    engine::ptx::Module module = corpus("transpose");
    DeviceMemory mem;
    std::uint64_t in = 0;
    std::uint64_t out = 0;

    std::unique_ptr<WarpStepper> make(std::array<std::uint32_t, 3> block = { 1, 0, 0 })
    {
        std::vector<float> values(64 * 32);
        for (std::size_t i = 0; i < values.size(); ++i)
            values[i] = static_cast<float>(i);
        in = upload(mem, "in", values);
        out = mem.allocate("out", values.size() * 4);
        const int k = module.findFunction("transposeShared");
        ParamBlockBuilder p(module.functions[static_cast<std::size_t>(k)]);
        p.set(0, out);
        p.set(1, in);
        p.set(2, 64);
        p.set(3, 32);
        LaunchRequest r;
        r.module = &module;
        r.kernel = static_cast<std::uint32_t>(k);
        r.grid = { 2, 1, 1 };
        r.block = { 32, 32, 1 };
        r.params = p.bytes();
        r.profile = &testing_fixtures::builtinProfile("h100");
        auto s = WarpStepper::create(r, mem, block);
        if (!s)
            throw std::runtime_error(s.error().toString());
        return std::move(s).value();
    }
};

} // namespace

TEST(WarpStepper, StepsOneInstructionAndReadsLaneRegisters)
{
    Fixture f;
    auto s = f.make();
    s->selectWarp(3);
    EXPECT_EQ(s->pc(), 0u);
    EXPECT_EQ(s->activeMask(), 0xffffffffu);
    // Step until the warp has read %tid.y into a register; lanes of warp 3 all have tid.y == 3.
    const auto& code = f.module.functions[static_cast<std::size_t>(f.module.findFunction("transposeShared"))].instructions;
    bool sawTidY = false;
    for (int i = 0; i < 40 && !sawTidY; ++i) {
        const auto& ins = code[s->pc()];
        const bool readsTidY = ins.opcode == engine::ptx::Opcode::Mov && ins.operands[1].kind == engine::ptx::OperandKind::Special
            && ins.operands[1].special == engine::ptx::SpecialReg::Tid && ins.operands[1].component == 1;
        const engine::ptx::RegRef dst { ins.operands[0].file, ins.operands[0].index };
        ASSERT_EQ(s->step(), StepStop::Stepped);
        if (readsTidY) {
            for (std::uint32_t l = 0; l < 32; ++l)
                EXPECT_EQ(s->registerValue(dst, l), 3u);
            sawTidY = true;
        }
    }
    EXPECT_TRUE(sawTidY);
}

TEST(WarpStepper, RunToBarrierThenOtherWarpsCatchUp)
{
    Fixture f;
    auto s = f.make();
    s->selectWarp(5);
    ASSERT_EQ(s->runToBarrier(), StepStop::Barrier);
    EXPECT_EQ(s->status(), WarpStatus::AtBarrier);
    // The last memory instruction before the barrier is the shared store of the tile row.
    ASSERT_TRUE(s->lastAccess().valid);
    EXPECT_EQ(s->lastAccess().space, MemorySpace::Shared);
    EXPECT_EQ(s->lastAccess().op, MemoryOp::Store);
    EXPECT_EQ(s->lastAccess().laneAddresses[0], 5u * 32 * 4); // tile[5][0]
    EXPECT_EQ(s->cta().warps[0].status, WarpStatus::Ready); // others have not run yet
    ASSERT_EQ(s->step(), StepStop::Stepped); // the other warps run to the barrier, it releases
    EXPECT_EQ(s->status(), WarpStatus::Ready);
    EXPECT_GT(s->cta().warps[0].stack.back().pc, 0u); // warp 0 ran up to the barrier meanwhile
}

TEST(WarpStepper, StepBackThenForwardGivesIdenticalState)
{
    // The scan kernel: 8 barrier rounds, over a hundred steps per warp, so stepping back crosses
    // checkpoints and re-executes other warps' progress through barriers.
    const auto m = corpus("scan");
    DeviceMemory mem;
    std::vector<float> values(256);
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = static_cast<float>(i % 7);
    const auto in = upload(mem, "in", values);
    const auto out = mem.allocate("out", 256 * 4);
    const int k = m.findFunction("scanInclusive");
    ParamBlockBuilder p(m.functions[static_cast<std::size_t>(k)]);
    p.set(0, out);
    p.set(1, in);
    p.set(2, 256);
    LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(k);
    r.block = { 256, 1, 1 };
    r.params = p.bytes();
    auto made = WarpStepper::create(r, mem, { 0, 0, 0 });
    ASSERT_TRUE(made.ok()) << made.error().toString();
    auto& s = *made;
    s->selectWarp(2);
    ASSERT_EQ(s->runToEnd(), StepStop::WarpDone);
    const std::uint64_t total = s->stepCount();
    ASSERT_GT(total, WarpStepper::kCheckpointInterval + 11);
    const auto endOut = download<float>(mem, out);
    for (std::uint64_t i = 0; i < WarpStepper::kCheckpointInterval + 10; ++i)
        ASSERT_EQ(s->stepBack(), StepStop::Stepped);
    EXPECT_EQ(s->stepCount(), total - WarpStepper::kCheckpointInterval - 10);
    const std::uint32_t pcBack = s->pc();
    const auto cta = s->cta();
    ASSERT_EQ(s->stepBack(), StepStop::Stepped);
    ASSERT_EQ(s->step(), StepStop::Stepped);
    EXPECT_EQ(s->pc(), pcBack);
    for (std::size_t w = 0; w < cta.warps.size(); ++w) {
        EXPECT_EQ(s->cta().warps[w].b32, cta.warps[w].b32) << w;
        EXPECT_EQ(s->cta().warps[w].pred, cta.warps[w].pred) << w;
    }
    EXPECT_EQ(s->cta().shared, cta.shared);
    ASSERT_EQ(s->runToEnd(), StepStop::WarpDone);
    EXPECT_EQ(s->stepCount(), total);
    EXPECT_EQ(download<float>(mem, out), endOut);
}

TEST(WarpStepper, StepBackUndoesGlobalStores)
{
    Fixture f;
    auto s = f.make({ 0, 0, 0 });
    s->selectWarp(0);
    const auto before = download<float>(f.mem, f.out);
    ASSERT_EQ(s->runToEnd(), StepStop::WarpDone);
    EXPECT_NE(download<float>(f.mem, f.out), before);
    while (s->stepCount() > 0)
        ASSERT_EQ(s->stepBack(), StepStop::Stepped);
    EXPECT_EQ(s->stepBack(), StepStop::AtStart);
    EXPECT_EQ(download<float>(f.mem, f.out), before);
    EXPECT_EQ(s->pc(), 0u);
}

TEST(WarpStepper, BreakpointsOnPcAndSourceLine)
{
    Fixture f;
    auto s = f.make();
    const std::uint32_t fn = s->function();
    ASSERT_EQ(s->runToPc(fn, 6), StepStop::Breakpoint);
    EXPECT_EQ(s->pc(), 6u);
    // transpose.cu line 23 is the global store of the shared version (after the barrier).
    ASSERT_EQ(s->runToSourceLine(23), StepStop::Breakpoint);
    const auto& ins = f.module.functions[fn].instructions[s->pc()];
    EXPECT_EQ(ins.source.line, 23u);
}
