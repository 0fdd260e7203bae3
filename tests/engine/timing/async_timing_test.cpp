// cp.async and mbarriers in model time: a copy overlaps the work issued before its wait (PTX ISA 8.5
// §9.7.9.25.3: "the copy is performed asynchronously ... wait_group waits for completion"); waits show as
// WarpState::AsyncWait; an mbarrier phase completes when its last contribution is in.
#include "engine/timing/timed_launch.h"
#include "timing_test_util.h"

#include <gtest/gtest.h>

namespace {

/// One warp copies 16 bytes per lane with cp.async, runs 64 dependent FMAs, and stores the copied word plus
/// the FMA result; `waitFirst` puts the wait_group before the FMAs instead of after them.
std::string copyThenCompute(bool waitFirst)
{
    const std::string wait = "    cp.async.wait_group 0;\n    bar.sync 0;\n";
    return std::string(R"(
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out)
{
    .shared .align 16 .b8 tile[512];
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    .reg .f32 %f<4>;
    .reg .pred %p<2>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd3, %r1, 16;
    add.s64 %rd4, %rd1, %rd3;
    mov.u32 %r2, tile;
    shl.b32 %r3, %r1, 4;
    add.s32 %r4, %r2, %r3;
    cp.async.cg.shared.global [%r4], [%rd4], 16;
    cp.async.commit_group;
)") + (waitFirst ? wait : "")
        + R"(    mov.f32 %f1, 0f3F800000;
    mov.u32 %r5, 0;
LOOP:
    fma.rn.f32 %f1, %f1, %f1, %f1;
    add.s32 %r5, %r5, 1;
    setp.lt.u32 %p1, %r5, 64;
    @%p1 bra LOOP;
)" + (waitFirst ? "" : wait)
        + R"(    ld.shared.f32 %f2, [%r4];
    add.f32 %f3, %f1, %f2;
    mul.wide.u32 %rd5, %r1, 4;
    add.s64 %rd6, %rd2, %rd5;
    st.global.f32 [%rd6], %f3;
    ret;
}
)";
}

engine::timing::TimedLaunch timeOneWarp(const engine::ptx::Module& m, const char* kernel,
    const std::array<std::uint32_t, 3>& grid, std::uint32_t threads, std::uint64_t ints)
{
    engine::simt::DeviceMemory mem;
    const auto in = mem.allocate("in", ints * 4);
    const auto out = mem.allocate("out", ints * 4);
    engine::simt::LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(m.findFunction(kernel));
    r.profile = &testing_fixtures::builtinProfile("h100");
    engine::simt::ParamBlockBuilder p(m.functions[r.kernel]);
    p.set(0, in);
    p.set(1, out);
    r.params = p.bytes();
    r.grid = grid;
    r.block = { threads, 1, 1 };
    auto timed = engine::timing::runTimedKernel(r, mem, {});
    if (!timed)
        throw std::runtime_error(timed.error().toString());
    return std::move(timed).value();
}

bool sawAsyncWait(const engine::timing::TimedLaunch& t)
{
    return std::any_of(t.intervals.begin(), t.intervals.end(),
        [](const engine::WarpInterval& i) { return i.state == engine::WarpState::AsyncWait; });
}

} // namespace

TEST(AsyncTiming, ACopyOverlapsTheWorkBeforeItsWait)
{
    const auto overlapped = simt_testing::parse(copyThenCompute(false));
    const auto serial = simt_testing::parse(copyThenCompute(true));
    const auto a = timeOneWarp(overlapped, "k", { 1, 1, 1 }, 32, 128);
    const auto b = timeOneWarp(serial, "k", { 1, 1, 1 }, 32, 128);
    // The cold read costs the H100's DRAM latency (683.6 cycles measured, docs/latency_h100.md); the 64 FMAs
    // about 64 x 4 cycles plus the loop. Waiting first adds the read to the FMAs; waiting last hides it.
    EXPECT_GT(b.cycles, a.cycles + 200) << "serial " << b.cycles << ", overlapped " << a.cycles;
    EXPECT_TRUE(sawAsyncWait(b));
    EXPECT_EQ(a.memory.globalLoadRequests, 1u);
}

TEST(AsyncTiming, WaitsOnMbarriersEndWhenTheirPhaseDoes)
{
    // The bundled barrier and bulk kernels: every block's consumers wait for the copies their barrier tracks.
    const auto m = simt_testing::corpus("async_copy", "sm_90");
    const auto barrier = timeOneWarp(m, "_Z14barrierReversePKiPi", { 4, 1, 1 }, 256, 1024);
    const auto bulk = timeOneWarp(m, "_Z11bulkReversePKiPi", { 4, 1, 1 }, 256, 1024);
    EXPECT_TRUE(sawAsyncWait(barrier));
    EXPECT_TRUE(sawAsyncWait(bulk));
    // A waiting warp resumes only after the copy's data arrived: at least one DRAM latency into the launch.
    for (const auto* t : { &barrier, &bulk }) {
        std::uint64_t lastWaitEnd = 0;
        std::uint64_t firstStart = ~std::uint64_t { 0 };
        for (const auto& i : t->intervals) {
            firstStart = std::min(firstStart, i.startCycle);
            if (i.state == engine::WarpState::AsyncWait)
                lastWaitEnd = std::max(lastWaitEnd, i.endCycle);
        }
        EXPECT_GT(lastWaitEnd, firstStart + 500);
        EXPECT_LT(lastWaitEnd, t->cycles);
    }
}
