// Divergence and reconvergence (DIGEST §1.4), barriers (§1.5), atomics contention, and the error paths:
// memcheck, deadlock, instruction budget, trap.
#include "engine/simt/address_layout.h"

#include "simt_test_util.h"

using namespace simt_testing;
using engine::simt::DeviceMemory;

namespace {

engine::Result<engine::simt::LaunchStats> runText(const std::string& body, std::uint32_t threads, DeviceMemory& mem,
    std::uint64_t& out, std::uint64_t budget = 1'000'000)
{
    static std::vector<engine::ptx::Module> keep; // the module must outlive the launch only
    keep.push_back(parse(scalarKernel(body)));
    out = mem.allocate("out", threads * 8u);
    Shape s;
    s.block = { threads, 1, 1 };
    s.budget = budget;
    return launch(keep.back(), "k", s, { { out } }, mem);
}

} // namespace

TEST(Control, IfElseDivergesAndReconverges)
{
    // Odd lanes take the branch; both paths run, then all lanes execute the join together.
    DeviceMemory mem;
    std::uint64_t out = 0;
    auto r = runText(R"(
    and.b32 %r1, %r10, 1;
    setp.eq.u32 %p1, %r1, 1;
    @%p1 bra ODD;
    mov.u32 %r2, 100;
    bra.uni JOIN;
ODD:
    mov.u32 %r2, 200;
JOIN:
    add.u32 %r8, %r2, %r10;
)", 32, mem, out);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    const auto v = download<std::uint64_t>(mem, out);
    for (std::uint32_t l = 0; l < 32; ++l)
        EXPECT_EQ(v[l], (l & 1u ? 200u : 100u) + l);
    EXPECT_EQ(r->divergentBranches, 1u);
    // The join (add) issued once for the whole warp: reconvergence at the immediate post-dominator.
    const auto& pcs = r->perFunction[0];
    std::uint64_t fullIssues = 0;
    for (std::size_t pc = 0; pc < pcs.warpExecutions.size(); ++pc)
        fullIssues += pcs.threadExecutions[pc] == 32 * pcs.warpExecutions[pc] && pcs.warpExecutions[pc] == 1;
    EXPECT_GE(fullIssues, 8u);
}

TEST(Control, DivergentLoopKeepsLanesApartUntilTheExit)
{
    // Lane l loops l times; the warp issues the loop body 31 times, with fewer lanes each time.
    DeviceMemory mem;
    std::uint64_t out = 0;
    auto r = runText(R"(
    mov.u32 %r1, 0;
    mov.u32 %r2, 0;
LOOP:
    setp.ge.u32 %p1, %r1, %r10;
    @%p1 bra DONE;
    add.u32 %r2, %r2, 2;
    add.u32 %r1, %r1, 1;
    bra.uni LOOP;
DONE:
    mov.u32 %r8, %r2;
)", 32, mem, out);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    const auto v = download<std::uint64_t>(mem, out);
    for (std::uint32_t l = 0; l < 32; ++l)
        EXPECT_EQ(v[l], 2u * l);
    EXPECT_EQ(r->divergentBranches, 31u);
}

TEST(Control, BarrierOrdersSharedMemoryBetweenWarps)
{
    // Each thread writes tid to shared, then reads its mirror written by another warp.
    const auto m = parse(R"(
.version 8.0
.target sm_80
.address_size 64
.visible .entry rev(.param .u64 out)
{
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    .shared .align 4 .b8 buf[512];
    mov.u32 %r1, %tid.x;
    shl.b32 %r2, %r1, 2;
    mov.u32 %r3, buf;
    add.u32 %r4, %r3, %r2;
    st.shared.u32 [%r4], %r1;
    bar.sync 0;
    sub.u32 %r5, 127, %r1;
    shl.b32 %r5, %r5, 2;
    add.u32 %r5, %r3, %r5;
    ld.shared.u32 %r6, [%r5];
    ld.param.u64 %rd1, [out];
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r6;
    ret;
}
)");
    DeviceMemory mem;
    const auto out = mem.allocate("out", 128 * 4);
    Shape s;
    s.block = { 128, 1, 1 };
    auto r = launch(m, "rev", s, { { out } }, mem);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    const auto v = download<std::uint32_t>(mem, out);
    for (std::uint32_t t = 0; t < 128; ++t)
        EXPECT_EQ(v[t], 127 - t);
}

TEST(Control, BarrierAfterWholeWarpsExitStillCompletes)
{
    // PTX ISA 8.5 §9.7.12.5 exit: exited threads no longer hold up a barrier for all threads.
    DeviceMemory mem;
    std::uint64_t out = 0;
    auto r = runText(R"(
    setp.ge.u32 %p1, %r10, 32;
    @%p1 exit;
    bar.sync 0;
    mov.u32 %r8, 5;
)", 96, mem, out);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    EXPECT_EQ(download<std::uint64_t>(mem, out)[0], 5u);
}

TEST(Control, BarrierThatCanNeverCompleteIsADeadlock)
{
    // Warp 0 waits at barrier 1, warp 1 at barrier 2: neither can complete.
    DeviceMemory mem;
    std::uint64_t out = 0;
    auto r = runText(R"(
    setp.ge.u32 %p1, %r10, 32;
    @%p1 bra SECOND;
    bar.sync 1;
    bra.uni END;
SECOND:
    bar.sync 2;
END:
)", 64, mem, out);
    ASSERT_FALSE(r.ok());
    const std::string msg = r.error().message;
    EXPECT_NE(msg.find("deadlock"), std::string::npos) << msg;
    EXPECT_NE(msg.find("warp 0 waits at barrier 1"), std::string::npos) << msg;
    EXPECT_NE(msg.find("warp 1 waits at barrier 2"), std::string::npos) << msg;
}

TEST(Control, BarrierWithThreadCountWaitsForThatManyWarps)
{
    // bar.sync 1, 64 with only one warp of 32 threads ever arriving: a deadlock, not a hang.
    DeviceMemory mem;
    std::uint64_t out = 0;
    auto r = runText("bar.sync 1, 64;", 32, mem, out);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("1 of 2 warps arrived"), std::string::npos) << r.error().message;
}

TEST(Control, EndlessLoopExhaustsTheBudget)
{
    DeviceMemory mem;
    std::uint64_t out = 0;
    auto r = runText("SPIN:\n    bra.uni SPIN;", 32, mem, out, 5000);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("instruction budget of 5000 warp instructions exhausted"), std::string::npos)
        << r.error().message;
    EXPECT_NE(r.error().message.find("at PC"), std::string::npos);
}

TEST(Control, TrapIsAnError)
{
    DeviceMemory mem;
    std::uint64_t out = 0;
    auto r = runText("setp.eq.u32 %p1, %r10, 3;\n    @%p1 trap;", 32, mem, out);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("trap executed"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("thread (3,0,0)"), std::string::npos) << r.error().message;
}

TEST(Control, OutOfBoundsGlobalReadNamesTheNearestBuffer)
{
    const auto m = corpus("offset_copy");
    DeviceMemory mem;
    const auto odata = mem.allocate("odata", 256 * 4);
    const auto idata = mem.allocate("idata", 256 * 4); // the last buffer: nothing follows it
    Shape s;
    s.grid = { 1, 1, 1 };
    s.block = { 256, 1, 1 };
    auto r = launch(m, "offsetCopy", s, { { odata }, { idata }, { 1 } }, mem); // thread 255 reads idata[256]
    ASSERT_FALSE(r.ok());
    const std::string msg = r.error().toString();
    EXPECT_NE(msg.find("offset_copy.cu:6"), std::string::npos) << msg;
    EXPECT_NE(msg.find("invalid global read of size 4 bytes in offsetCopy"), std::string::npos) << msg;
    EXPECT_NE(msg.find("thread (255,0,0) in block (0,0,0)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("0 bytes after the end of allocation 'idata'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("at PC "), std::string::npos) << msg;
}

TEST(Control, MisalignedAndSharedOutOfBoundsAccesses)
{
    DeviceMemory mem;
    std::uint64_t out = 0;
    auto mis = runText("ld.param.u64 %rd1, [out];\n    add.s64 %rd1, %rd1, 2;\n    ld.global.u32 %r8, [%rd1];", 1, mem, out);
    ASSERT_FALSE(mis.ok());
    EXPECT_NE(mis.error().message.find("misaligned global read of size 4 bytes"), std::string::npos) << mis.error().message;

    DeviceMemory mem2;
    auto sh = runText("mov.u32 %r1, 64;\n    ld.shared.u32 %r8, [%r1];", 1, mem2, out);
    ASSERT_FALSE(sh.ok());
    EXPECT_NE(sh.error().message.find("invalid shared read of size 4 bytes"), std::string::npos) << sh.error().message;
    EXPECT_NE(sh.error().message.find("outside the block's 0 bytes of shared memory"), std::string::npos) << sh.error().message;
}

TEST(Control, GenericAddressesReachSharedThroughTheWindow)
{
    const auto m = parse(R"(
.version 8.0
.target sm_80
.address_size 64
.visible .entry g(.param .u64 out)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<6>;
    .reg .pred %p<2>;
    .shared .align 8 .b8 s[64];
    mov.u64 %rd1, s;
    cvta.shared.u64 %rd2, %rd1;
    st.u32 [%rd2+8], 77;
    ld.shared.u32 %r1, [s+8];
    ld.param.u64 %rd3, [out];
    st.global.u32 [%rd3], %r1;
    ret;
}
)");
    DeviceMemory mem;
    const auto out = mem.allocate("out", 4);
    auto r = launch(m, "g", Shape {}, { { out } }, mem);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    EXPECT_EQ(download<std::uint32_t>(mem, out)[0], 77u);
}

TEST(Control, AtomicContentionFromEveryLaneAndBlock)
{
    const auto m = parse(R"(
.version 8.0
.target sm_80
.address_size 64
.visible .entry count(.param .u64 ctr)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [ctr];
    atom.global.add.u32 %r1, [%rd1], 1;
    atom.global.max.s32 %r2, [%rd1+4], %r1;
    atom.global.inc.u32 %r3, [%rd1+8], 9;
    atom.global.cas.b32 %r3, [%rd1+12], 0, 5;
    ret;
}
)");
    DeviceMemory mem;
    const auto ctr = mem.allocate("ctr", 16);
    Shape s;
    s.grid = { 3, 1, 1 };
    s.block = { 64, 1, 1 };
    auto r = launch(m, "count", s, { { ctr } }, mem);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    const auto v = download<std::uint32_t>(mem, ctr);
    EXPECT_EQ(v[0], 192u);
    EXPECT_EQ(v[1], 191u); // the largest old value seen
    EXPECT_EQ(v[2], 192u % 10u); // inc wraps to 0 after 9
    EXPECT_EQ(v[3], 5u);
}
