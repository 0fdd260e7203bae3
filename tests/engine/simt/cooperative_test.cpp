// Cooperative groups (tiles wider than a warp, grid sync under a cooperative launch), the warp intrinsics
// they use, device printf end to end, and kernels refused one at a time (resources/kernels/sm_90).
#include "engine/simt/printf_log.h"
#include "simt_test_util.h"

#include <numeric>

namespace {

using namespace simt_testing;
using engine::simt::DeviceMemory;
using engine::simt::LaunchRequest;

engine::ptx::Module sm90(const std::string& name)
{
    const auto path = testing_paths::sourceDir() / "resources" / "kernels" / "sm_90" / (name + ".ptx");
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return parse(s.str(), name + ".ptx");
}

struct Launch {
    std::array<std::uint32_t, 3> grid {1, 1, 1};
    std::array<std::uint32_t, 3> block {1, 1, 1};
    bool cooperative = false;
    engine::simt::PrintfLog* printf = nullptr;
};

engine::Result<engine::simt::LaunchStats> run(const engine::ptx::Module& m, const std::string& kernel, const Launch& l,
    const std::vector<std::uint64_t>& args, DeviceMemory& mem)
{
    const int index = m.findFunction(kernel);
    if (index < 0)
        throw std::runtime_error("no kernel " + kernel);
    engine::simt::ParamBlockBuilder params(m.functions[static_cast<std::size_t>(index)]);
    for (std::size_t i = 0; i < args.size(); ++i)
        params.set(i, args[i]);
    LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(index);
    r.grid = l.grid;
    r.block = l.block;
    r.params = params.bytes();
    r.profile = &testing_fixtures::builtinProfile("h100");
    r.cooperative = l.cooperative;
    r.printfLog = l.printf;
    return engine::simt::runKernel(r, mem, nullptr);
}

std::vector<int> iota(int n)
{
    std::vector<int> v(static_cast<std::size_t>(n));
    std::iota(v.begin(), v.end(), 1);
    return v;
}

TEST(CooperativeGroups, TileReductionsOfOneAndTwoWarps)
{
    const auto m = sm90("cooperative_reduce");
    for (const std::string kernel : {"tile32Reduce", "tile64Reduce"}) {
        DeviceMemory mem;
        const auto in = upload(mem, "in", iota(1000));
        const auto out = upload(mem, "out", std::vector<int> {0});
        auto r = run(m, kernel, {{4, 1, 1}, {256, 1, 1}}, {in, out, 1000}, mem);
        ASSERT_TRUE(r) << r.error().toString();
        EXPECT_EQ(download<int>(mem, out)[0], 500500) << kernel;
    }
}

TEST(CooperativeGroups, GridSyncUnderACooperativeLaunch)
{
    const auto m = sm90("cooperative_reduce");
    DeviceMemory mem;
    const auto in = upload(mem, "in", iota(10000));
    const auto partial = upload(mem, "partial", std::vector<int>(8, 0));
    const auto out = upload(mem, "out", std::vector<int> {0});
    auto r = run(m, "gridReduce", {{8, 1, 1}, {256, 1, 1}, true}, {in, partial, out, 10000}, mem);
    ASSERT_TRUE(r) << r.error().toString();
    EXPECT_EQ(download<int>(mem, out)[0], 50005000);
    const auto sums = download<int>(mem, partial);
    EXPECT_EQ(std::accumulate(sums.begin(), sums.end(), 0), 50005000);
}

// grid_group::sync() traps when the launch has no grid workspace, as a <<<>>> launch on the hardware.
TEST(CooperativeGroups, GridSyncWithoutACooperativeLaunchTraps)
{
    const auto m = sm90("cooperative_reduce");
    DeviceMemory mem;
    const auto in = upload(mem, "in", iota(64));
    const auto partial = upload(mem, "partial", std::vector<int>(2, 0));
    const auto out = upload(mem, "out", std::vector<int> {0});
    auto r = run(m, "gridReduce", {{2, 1, 1}, {32, 1, 1}}, {in, partial, out, 64}, mem);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("trap"), std::string::npos) << r.error().message;
}

// cudaLaunchCooperativeKernel refuses a grid larger than what can be resident: 132 SMs x 8 blocks of 256
// threads on the H100 (2048 threads per SM) = 1056.
TEST(CooperativeGroups, CooperativeGridMustBeCoResident)
{
    const auto m = sm90("cooperative_reduce");
    DeviceMemory mem;
    const auto in = upload(mem, "in", iota(64));
    const auto partial = upload(mem, "partial", std::vector<int>(1057, 0));
    const auto out = upload(mem, "out", std::vector<int> {0});
    auto r = run(m, "gridReduce", {{1057, 1, 1}, {256, 1, 1}, true}, {in, partial, out, 64}, mem);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("at most 1056 can be resident"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("cudaErrorCooperativeLaunchTooLarge"), std::string::npos);
}

TEST(CooperativeGroups, WarpIntrinsics)
{
    const auto m = sm90("cooperative_reduce");
    DeviceMemory mem;
    const auto out = upload(mem, "out", std::vector<std::uint32_t>(320, 0));
    auto r = run(m, "warpIntrinsics", {{1, 1, 1}, {64, 1, 1}}, {out}, mem);
    ASSERT_TRUE(r) << r.error().toString();
    const auto v = download<std::uint32_t>(mem, out);
    for (std::uint32_t t = 0; t < 64; ++t) {
        const std::uint32_t lane = t % 32;
        EXPECT_EQ(v[t], 0x11111111u << (lane % 4)) << t; // match.any: lanes with the same t % 4
        EXPECT_EQ(v[64 + t], 0xffffffffu ^ 1u) << t; // match.all: t / 64 is 0 in both warps
        EXPECT_EQ(v[128 + t], t % 2 == 1 ? 0xaaaaaaaau : 0u) << t; // activemask in the odd-lane branch
        const std::uint32_t base = t - lane;
        std::uint32_t add = 0, mx = 0, orLow = 0, orHigh = 0, x = 0, a = 0xffffffffu;
        for (std::uint32_t k = base; k < base + 32; ++k) {
            add += k;
            mx = std::max(mx, k * 3 % 7);
            (k - base < 16 ? orLow : orHigh) |= k;
            x ^= k * 7;
            a &= k | 0x100u;
        }
        const auto mn = static_cast<std::uint32_t>(static_cast<int>(base) - 5);
        EXPECT_EQ(v[192 + t], add + mx + (lane < 16 ? orLow : orHigh) + mn + x + a) << t;
        EXPECT_EQ(v[256 + t], lane < 5 ? 0u : 5u * 2 + (lane == 5 ? 1u : 0u)) << t; // elect.sync
    }
}

TEST(DevicePrintf, LinesInCompletionOrderWithTheirThreads)
{
    const auto m = sm90("device_printf");
    DeviceMemory mem;
    std::vector<float> x(128);
    for (std::size_t i = 0; i < x.size(); ++i)
        x[i] = static_cast<float>(i);
    const auto in = upload(mem, "x", x);
    engine::simt::PrintfLog log;
    auto r = run(m, "printfFormats", {{2, 1, 1}, {64, 1, 1}, false, &log}, {in, 128}, mem);
    ASSERT_TRUE(r) << r.error().toString();
    ASSERT_EQ(log.lines().size(), 8u);
    const auto& l = log.lines()[5]; // block 1, thread 16; the text is the H100's (bench/hardware/h100/printf_coop)
    EXPECT_EQ(l.block[0], 1u);
    EXPECT_EQ(l.thread[0], 16u);
    EXPECT_EQ(l.text,
        "b1 t16: 40 -80 4294967216 c3e C3E 120 C str|  80.000|8.00e+06  |26.6667|0x1.4p+6|+0080| 80|0x14f|0130|"
        "-8000000000080|87960930222080|   ab|xy|%\n");
}

TEST(DevicePrintf, ReturnValues)
{
    const auto m = sm90("device_printf");
    DeviceMemory mem;
    engine::simt::PrintfLog log;
    auto r = run(m, "printfReturn", {{1, 1, 1}, {32, 1, 1}, false, &log}, {}, mem);
    ASSERT_TRUE(r) << r.error().toString();
    ASSERT_EQ(log.lines().size(), 66u);
    EXPECT_EQ(log.lines()[64].text, "1 two 3.000000\n");
    EXPECT_EQ(log.lines()[65].text, "returns: 1 3 width*: [    42] precision*: [%.*f]\n"); // as on the H100
}

// printf("%s", NULL) prints "(null)" on the H100 (bench/hardware/h100/printf_coop/run3_printf_coop.txt).
TEST(DevicePrintf, NullStringPrintsNull)
{
    const auto m = sm90("device_printf");
    DeviceMemory mem;
    engine::simt::PrintfLog log;
    auto r = run(m, "printfNullString", {{1, 1, 1}, {1, 1, 1}, false, &log}, {}, mem);
    ASSERT_TRUE(r) << r.error().toString();
    ASSERT_EQ(log.lines().size(), 1u);
    EXPECT_EQ(log.lines().front().text, "null %s: (null)\n");
}

TEST(DevicePrintf, BadFormatIsAClearError)
{
    const auto m = parse(R"(
.version 8.0
.target sm_80
.address_size 64
.extern .func (.param .b32 func_retval0) vprintf (.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.global .align 1 .b8 $str[9] = {118, 61, 37, 113, 10, 0, 0, 0, 0};
.visible .entry k()
{
    .reg .b64 %rd<3>;
    .reg .b32 %r<2>;
    mov.u64 %rd1, $str;
    cvta.global.u64 %rd2, %rd1;
    {
    .param .b64 param0;
    st.param.b64 [param0+0], %rd2;
    .param .b64 param1;
    mov.u64 %rd0, 0;
    st.param.b64 [param1+0], %rd0;
    .param .b32 retval0;
    call.uni (retval0), vprintf, (param0, param1);
    ld.param.b32 %r1, [retval0+0];
    }
    ret;
}
)");
    DeviceMemory mem;
    engine::simt::PrintfLog log;
    auto r = run(m, "k", {{1, 1, 1}, {1, 1, 1}, false, &log}, {}, mem);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("bad printf: printf: unknown conversion '%q'"), std::string::npos)
        << r.error().message;
}

const char* kTwoKernels = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry good(.param .u64 out)
{
    .reg .b64 %rd<2>;
    .reg .b32 %r<2>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, 7;
    st.global.u32 [%rd1], %r1;
    ret;
}
.visible .entry bad(.param .u64 out)
{
    .reg .b32 %r<2>;
    mov.u32 %r1, %pm0;
    ret;
}
.func helper()
{
    wgmma.fence.sync.aligned;
    ret;
}
.visible .entry caller()
{
    call helper, ();
    ret;
}
)";

TEST(KernelRefusal, OneUnsupportedKernelLeavesTheOthersRunnable)
{
    const auto m = parse(kTwoKernels, "two.ptx");
    DeviceMemory mem;
    const auto out = upload(mem, "out", std::vector<int> {0});
    auto good = run(m, "good", {}, {out}, mem);
    ASSERT_TRUE(good) << good.error().toString();
    EXPECT_EQ(download<int>(mem, out)[0], 7);
    auto bad = run(m, "bad", {}, {out}, mem);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().message, "kernel bad is refused: unsupported: special register %pm0");
    EXPECT_EQ(bad.error().location.line, 16u);
    auto caller = run(m, "caller", {}, {}, mem);
    ASSERT_FALSE(caller);
    EXPECT_EQ(caller.error().message, "kernel caller is refused: (in helper) unsupported: wgmma");
    EXPECT_EQ(caller.error().location.line, 21u);
}

TEST(KernelRefusal, MalformedPtxStillFailsTheModule)
{
    std::string text = kTwoKernels;
    text.replace(text.find("st.global.u32 [%rd1], %r1;"), 26, "st.global.u32 [%rd1 %r1;");
    EXPECT_FALSE(engine::ptx::parsePtx(text, "two.ptx"));
}

} // namespace
