// A kernel is given only the module-level .shared arrays it uses (nvcc declares every kernel's __shared__ arrays
// at module scope), so one kernel's tiles do not stop another kernel of the same .cu from launching on CC 1.x.
#include "engine/ptx/shared_usage.h"
#include "engine/timing/timed_launch.h"

#include "../simt/simt_test_util.h"

namespace {

const char* const kTwoKernels = R"(
.version 8.0
.target sm_90
.address_size 64
.shared .align 4 .b8 _ZZ4tileE1a[28800];
.shared .align 4 .b8 _ZZ6helperE1h[256];
.shared .align 4 .b8 _ZZ4copyE1s[128];
.func (.param .b32 rv) readHelper(.param .b32 i)
{
    .reg .b32 %r<5>;
    ld.param.b32 %r1, [i];
    mov.u32 %r2, _ZZ6helperE1h;
    add.u32 %r3, %r2, %r1;
    ld.shared.u32 %r4, [%r3];
    st.param.b32 [rv], %r4;
    ret;
}
.visible .entry tile(.param .u64 p_out)
{
    .reg .b32 %r<4>;
    mov.u32 %r1, _ZZ4tileE1a;
    st.shared.u32 [%r1], 7;
    mov.u32 %r2, 0;
    {
    .param .b32 param0;
    st.param.b32 [param0], %r2;
    .param .b32 retval0;
    call.uni (retval0), readHelper, (param0);
    ld.param.b32 %r3, [retval0];
    }
    ret;
}
.visible .entry copy(.param .u64 p_out)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [p_out];
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r1, %tid.x;
    st.shared.u32 [_ZZ4copyE1s], 42;
    bar.sync 0;
    ld.shared.u32 %r2, [_ZZ4copyE1s];
    st.global.u32 [%rd2], %r2;
    ret;
}
)";

} // namespace

TEST(SharedUsage, AKernelCountsOnlyTheModuleSharedArraysItReaches)
{
    const auto m = simt_testing::parse(kTwoKernels);
    const auto tile = static_cast<std::uint32_t>(m.findFunction("tile"));
    const auto copy = static_cast<std::uint32_t>(m.findFunction("copy"));
    const auto used = engine::ptx::moduleVariablesUsedBy(m, tile);
    EXPECT_TRUE(used[0]); // its own tile
    EXPECT_TRUE(used[1]); // through the function it calls
    EXPECT_FALSE(used[2]);
    EXPECT_EQ(engine::ptx::kernelStaticSharedBytes(m, tile), 28800u + 256u);
    EXPECT_EQ(engine::ptx::kernelStaticSharedBytes(m, copy), 128u);
    EXPECT_EQ(m.sharedBytes, 28800u + 256u + 128u); // what every kernel used to be charged
}

TEST(SharedUsage, TheCopyKernelOfAModuleWithLargeTilesRunsOnG80)
{
    // programming-guide-0.8.2.txt §3.1 / DIGEST §1.3: 16 KB of shared memory per multiprocessor on CC 1.0.
    const auto m = simt_testing::parse(kTwoKernels);
    engine::simt::DeviceMemory mem;
    const auto out = mem.allocate("out", 4);
    engine::simt::LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(m.findFunction("copy"));
    r.profile = &testing_fixtures::builtinProfile("g80");
    engine::simt::ParamBlockBuilder p(m.functions[r.kernel]);
    p.set(0, out);
    r.params = p.bytes();
    r.grid = { 1, 1, 1 };
    r.block = { 32, 1, 1 };
    auto timed = engine::timing::runTimedKernel(r, mem, {});
    ASSERT_TRUE(timed.ok()) << timed.error().toString();
    EXPECT_EQ(simt_testing::download<std::uint32_t>(mem, out)[0], 42u);
    r.kernel = static_cast<std::uint32_t>(m.findFunction("tile"));
    EXPECT_FALSE(engine::timing::runTimedKernel(r, mem, {}).ok()); // 29 KB of tiles do not fit in 16 KB
}
