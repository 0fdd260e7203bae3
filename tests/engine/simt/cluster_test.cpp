// Thread-block clusters (CUDA C++ Programming Guide, "Thread Block Clusters"; PTX ISA 8.5 §9.7.9.15 mapa,
// §9.7.13.2 barrier.cluster, §10.16-10.22 the cluster registers): distributed shared memory between the CTAs of a
// cluster, the cluster barrier, the launch checks.
#include "simt_test_util.h"

#include <numeric>

using namespace simt_testing;

namespace {

engine::Result<engine::simt::LaunchStats> launchClusters(const engine::ptx::Module& m, const std::string& kernel,
    std::uint32_t blocks, std::array<std::uint32_t, 3> cluster, engine::simt::DeviceMemory& mem,
    std::uint64_t in, std::uint64_t out, const char* device = "h100")
{
    const int index = m.findFunction(kernel);
    engine::simt::ParamBlockBuilder params(m.functions[static_cast<std::size_t>(index)]);
    params.set(0, in);
    params.set(1, out);
    engine::simt::LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(index);
    r.grid = { blocks, 1, 1 };
    r.block = { 256, 1, 1 };
    r.params = params.bytes();
    r.profile = &testing_fixtures::builtinProfile(device);
    r.cluster = cluster;
    return engine::simt::runKernel(r, mem, nullptr);
}

std::vector<int> values(int n)
{
    std::vector<int> v(static_cast<std::size_t>(n));
    std::iota(v.begin(), v.end(), 3);
    return v;
}

} // namespace

TEST(Clusters, PartnersReadEachOthersSharedMemory)
{
    // __cluster_dims__(2, 1, 1): CTA 2k and 2k + 1 form a cluster; each reads its partner's staged tile reversed.
    const auto m = corpus("cluster_exchange", "sm_90");
    engine::simt::DeviceMemory mem;
    const auto in = upload(mem, "in", values(8 * 256));
    const auto out = upload(mem, "out", std::vector<int>(8 * 256, 0));
    ASSERT_TRUE(launchClusters(m, "_Z15clusterExchangePKiPi", 8, { 0, 0, 0 }, mem, in, out));
    const auto got = download<int>(mem, out);
    for (int b = 0; b < 8; ++b) {
        for (int t = 0; t < 256; ++t)
            ASSERT_EQ(got[static_cast<std::size_t>(b * 256 + t)], (((b ^ 1) * 256 + 255 - t) + 3) * 10 + b % 2 + 2)
                << "block " << b << " thread " << t;
    }
}

TEST(Clusters, EveryRankOfAClusterOfFourIsSummed)
{
    // A launch-time cluster shape ("cluster": [4, 1, 1]); %cluster_ctarank and %cluster_nctarank through
    // cg::cluster_group, the sum through mapa to each rank.
    const auto m = corpus("cluster_exchange", "sm_90");
    engine::simt::DeviceMemory mem;
    const auto in = upload(mem, "in", values(8 * 256));
    const auto out = upload(mem, "out", std::vector<int>(8 * 256, 0));
    ASSERT_TRUE(launchClusters(m, "_Z10clusterSumPKiPi", 8, { 4, 1, 1 }, mem, in, out));
    const auto got = download<int>(mem, out);
    for (int b = 0; b < 8; ++b) {
        for (int t = 0; t < 256; ++t) {
            int sum = 0;
            for (int r = 0; r < 4; ++r)
                sum += (b / 4 * 4 + r) * 256 + t + 3;
            ASSERT_EQ(got[static_cast<std::size_t>(b * 256 + t)], sum + 1000 * (b % 4) + 400000) << "block " << b;
        }
    }
}

TEST(Clusters, SharedClusterAddressesAndClusterRegisters)
{
    // mapa.shared::cluster.u32 to rank 1, st.shared::cluster there, barrier.cluster, then ld.shared::cta of what
    // the other CTA wrote; %clusterid/%cluster_ctaid/%nclusterid of a 2x2 grid of clusters of 2x1.
    const std::string text = R"(
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
{
    .shared .align 4 .b32 box;
    .reg .b32 %r<12>;
    .reg .b64 %rd<4>;
    mov.u32 %r1, box;
    mov.u32 %r2, %cluster_ctarank;
    xor.b32 %r3, %r2, 1;
    mapa.shared::cluster.u32 %r4, %r1, %r3;
    mov.u32 %r5, %ctaid.x;
    add.u32 %r5, %r5, 100;
    st.shared::cluster.u32 [%r4], %r5;
    barrier.cluster.arrive.aligned;
    barrier.cluster.wait.aligned;
    ld.shared.u32 %r6, [%r1];
    mov.u32 %r7, %clusterid.x;
    mov.u32 %r8, %cluster_ctaid.x;
    mov.u32 %r9, %nclusterid.y;
    mov.u32 %r10, %is_explicit_cluster;
    mad.lo.u32 %r6, %r7, 1000, %r6;
    mad.lo.u32 %r6, %r8, 10000, %r6;
    mad.lo.u32 %r6, %r9, 100000, %r6;
    mad.lo.u32 %r6, %r10, 1000000, %r6;
    mov.u32 %r11, %ctaid.y;
    shl.b32 %r11, %r11, 2;
    add.u32 %r11, %r11, %ctaid.x;
    ld.param.u64 %rd1, [out];
    mul.wide.u32 %rd2, %r11, 4;
    add.s64 %rd1, %rd1, %rd2;
    st.global.u32 [%rd1], %r6;
    ret;
}
)";
    const auto m = parse(text);
    engine::simt::DeviceMemory mem;
    const auto out = upload(mem, "out", std::vector<std::uint32_t>(8, 0));
    engine::simt::ParamBlockBuilder params(m.functions[0]);
    params.set(0, out);
    engine::simt::LaunchRequest r;
    r.module = &m;
    r.grid = { 4, 2, 1 };
    r.block = { 1, 1, 1 };
    r.params = params.bytes();
    r.profile = &testing_fixtures::builtinProfile("h100");
    r.cluster = { 2, 1, 1 };
    ASSERT_TRUE(engine::simt::runKernel(r, mem, nullptr));
    const auto got = download<std::uint32_t>(mem, out);
    for (std::uint32_t y = 0; y < 2; ++y) {
        for (std::uint32_t x = 0; x < 4; ++x) {
            const std::uint32_t partner = (x ^ 1) + 100;
            ASSERT_EQ(got[y * 4 + x], partner + 1000 * (x / 2) + 10000 * (x % 2) + 100000 * 2 + 1000000) << x << "," << y;
        }
    }
}

TEST(Clusters, LaunchesOutsideTheRulesAreRefusedWithTheirReason)
{
    const auto m = corpus("cluster_exchange", "sm_90");
    engine::simt::DeviceMemory mem;
    const auto in = upload(mem, "in", values(12 * 256));
    const auto out = upload(mem, "out", std::vector<int>(12 * 256, 0));
    const auto message = [&](const std::string& kernel, std::uint32_t blocks, std::array<std::uint32_t, 3> cluster,
                             const char* device) {
        auto r = launchClusters(m, kernel, blocks, cluster, mem, in, out, device);
        return r ? std::string("ran") : r.error().toString();
    };
    EXPECT_NE(message("_Z10clusterSumPKiPi", 8, { 4, 1, 1 }, "a100").find("need compute capability 9.0"), std::string::npos);
    EXPECT_NE(message("_Z10clusterSumPKiPi", 6, { 4, 1, 1 }, "h100").find("not a multiple of the cluster shape"),
        std::string::npos);
    EXPECT_NE(message("_Z10clusterSumPKiPi", 12, { 12, 1, 1 }, "h100").find("8 at most"), std::string::npos);
    EXPECT_NE(message("_Z15clusterExchangePKiPi", 8, { 4, 1, 1 }, "h100").find("fixed by __cluster_dims__"),
        std::string::npos);
    // clusterSum without a cluster shape: a cluster of one, each CTA summing only itself.
    EXPECT_EQ(message("_Z10clusterSumPKiPi", 4, { 0, 0, 0 }, "h100"), "ran");
}
