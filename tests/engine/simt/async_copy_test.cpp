// cp.async, cp.async.bulk and mbarrier (PTX ISA 8.5 §9.7.9.25, §9.7.13.15) on the bundled async_copy.cu, against
// CPU references; the forms refused with their reason; a wait nobody completes is a deadlock naming it.
#include "engine/simt/cta_runner.h"
#include "simt_test_util.h"

#include <numeric>

using namespace simt_testing;

namespace {

std::vector<int> iota(int n, int from)
{
    std::vector<int> v(static_cast<std::size_t>(n));
    std::iota(v.begin(), v.end(), from);
    return v;
}

/// The bundled kernel `kernel` of async_copy (in, out) over n ints in blocks of 256, the result.
std::vector<int> reverseBlocks(const engine::ptx::Module& m, const char* kernel, int n)
{
    engine::simt::DeviceMemory mem;
    const auto in = upload(mem, "in", iota(n, 7));
    const auto out = upload(mem, "out", std::vector<int>(static_cast<std::size_t>(n), -1));
    Shape shape;
    shape.grid = { static_cast<std::uint32_t>(n / 256), 1, 1 };
    shape.block = { 256, 1, 1 };
    const auto stats = launch(m, kernel, shape, { { in }, { out } }, mem);
    if (!stats)
        throw std::runtime_error(stats.error().toString());
    return download<int>(mem, out);
}

void expectReversed(const std::vector<int>& got)
{
    for (std::size_t i = 0; i < got.size(); ++i) {
        const std::size_t block = i / 256;
        ASSERT_EQ(got[i], static_cast<int>(block * 256 + 255 - i % 256) + 7) << "element " << i;
    }
}

} // namespace

TEST(AsyncCopy, DoubleBufferedTilesArriveBeforeTheyAreRead)
{
    // Programming Guide "Asynchronous Data Copies": the next tile is copied while this one is used; a wrong
    // group count or a copy that missed its stage shows as a wrong neighbour.
    const auto m = corpus("async_copy");
    const int tiles = 12;
    std::vector<float> in(static_cast<std::size_t>(tiles * 256 * 4));
    for (std::size_t i = 0; i < in.size(); ++i)
        in[i] = static_cast<float>(i % 1000) * 0.5F;
    engine::simt::DeviceMemory mem;
    const auto a = upload(mem, "in", in);
    const auto b = upload(mem, "out", std::vector<float>(in.size(), 0));
    Shape shape;
    shape.grid = { 5, 1, 1 }; // fewer blocks than tiles: each block walks several
    shape.block = { 256, 1, 1 };
    ASSERT_TRUE(launch(m, "_Z19doubleBufferedScalePK6float4PS_if", shape, { { a }, { b }, { tiles }, Arg::f32(3.0F) }, mem));
    const auto out = download<float>(mem, b);
    for (int tile = 0; tile < tiles; ++tile) {
        for (int t = 0; t < 256; ++t) {
            for (int c = 0; c < 4; ++c) {
                const auto src = static_cast<std::size_t>((tile * 256 + (t + 1) % 256) * 4 + c);
                const auto dst = static_cast<std::size_t>((tile * 256 + t) * 4 + c);
                ASSERT_EQ(out[dst], 3.0F * in[src]) << "tile " << tile << " thread " << t;
            }
        }
    }
}

TEST(AsyncCopy, SourceSizeZeroFillsTheRest)
{
    // §9.7.9.25.3.1: with src-size 0 the destination's cp-size bytes are zero.
    const auto m = corpus("async_copy");
    const int n = 300; // the second block has 44 elements and 212 zero-filled ones
    std::vector<float> in(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        in[static_cast<std::size_t>(i)] = static_cast<float>(i + 1);
    engine::simt::DeviceMemory mem;
    const auto a = upload(mem, "in", in);
    const auto b = upload(mem, "out", std::vector<float>(512, -1.0F));
    Shape shape;
    shape.grid = { 2, 1, 1 };
    shape.block = { 256, 1, 1 };
    ASSERT_TRUE(launch(m, "_Z11boundedCopyPKfPfi", shape, { { a }, { b }, { n } }, mem));
    const auto out = download<float>(mem, b);
    const auto value = [&](int i) { return i < n ? in[static_cast<std::size_t>(i)] : 0.0F; };
    for (int i = 0; i < 512; ++i) {
        const int block = i / 256;
        const int next = block * 256 + (i % 256 + 1) % 256;
        ASSERT_EQ(out[static_cast<std::size_t>(i)], value(next) + value(i)) << "element " << i;
    }
}

TEST(AsyncCopy, BarrierCompletesTheBlocksCopies)
{
    // cuda::memcpy_async on a cuda::barrier: cp.async, cp.async.mbarrier.arrive, mbarrier.arrive and a
    // test_wait (sm_80) or try_wait (sm_90) loop.
    expectReversed(reverseBlocks(corpus("async_copy"), "_Z14barrierReversePKiPi", 1024));
    expectReversed(reverseBlocks(corpus("async_copy", "sm_90"), "_Z14barrierReversePKiPi", 1024));
}

TEST(AsyncCopy, BulkCopyCompletesThroughTheTransactionCount)
{
    // §9.7.9.25.4.1 cp.async.bulk with .mbarrier::complete_tx::bytes; mbarrier.arrive.expect_tx; try_wait.parity;
    // the reversed block leaves through a bulk copy shared -> global with a bulk group.
    expectReversed(reverseBlocks(corpus("async_copy", "sm_90"), "_Z11bulkReversePKiPi", 2048));
}

TEST(AsyncCopy, UnsupportedFormsNameTheirReason)
{
    const auto refuse = [](const std::string& body) {
        const std::string text = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n"
                                 "    .reg .b32 %r<4>;\n    .reg .b64 %rd<4>;\n    .reg .pred %p<2>;\n    "
            + body + "\n    ret;\n}\n";
        // A kernel with an unsupported form still loads, refused with the reason (per-kernel refusal).
        auto r = engine::ptx::parsePtx(text, "bad.ptx");
        if (!r)
            return r.error().toString();
        const auto refusal = r->refusal(0);
        return refusal ? refusal->toString() : std::string("parsed");
    };
    EXPECT_NE(refuse("cp.async.ca.shared.global [%r1], [%rd1], 12;").find("cp-size is the constant 4, 8 or 16"),
        std::string::npos);
    EXPECT_NE(refuse("cp.async.cg.shared.global [%r1], [%rd1], 8;").find("cp.async.cg copies 16 bytes"), std::string::npos);
    EXPECT_NE(refuse("cp.async.shared.global [%r1], [%rd1], 8;").find(".ca or .cg"), std::string::npos);
    EXPECT_NE(refuse("mbarrier.shared.b64 [%r1], 2;").find("mbarrier needs an operation"), std::string::npos);
    EXPECT_NE(refuse("mbarrier.try_wait.shared.b64 %p1, [%r1];").find("test_wait/try_wait take"), std::string::npos);
    EXPECT_NE(refuse("cp.async.wait_group %r1;").find("wait_group takes one constant"), std::string::npos);
    EXPECT_EQ(refuse("cp.async.ca.shared.global [%r1], [%rd1], 4, %p1;\n    cp.async.wait_all;"), "parsed");
}

TEST(AsyncCopy, AWaitNobodyCompletesIsADeadlockNamingIt)
{
    // One thread of two inits a barrier for 2 arrivals, arrives once and waits: the phase never completes.
    const std::string text = R"(
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p)
{
    .shared .align 8 .b64 bar;
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    .reg .pred %p<2>;
    mov.u32 %r1, bar;
    mbarrier.init.shared.b64 [%r1], 2;
    mbarrier.arrive.shared.b64 %rd1, [%r1];
WAIT:
    mbarrier.try_wait.shared.b64 %p1, [%r1], %rd1;
    @!%p1 bra WAIT;
    ret;
}
)";
    const auto m = parse(text);
    engine::simt::DeviceMemory mem;
    Shape shape;
    shape.block = { 1, 1, 1 };
    const auto stats = launch(m, "k", shape, { { 0 } }, mem);
    ASSERT_FALSE(stats.ok());
    EXPECT_NE(stats.error().toString().find("mbarrier.try_wait"), std::string::npos) << stats.error().toString();
}
