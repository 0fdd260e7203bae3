// Corpus kernels that use shared memory, barriers, warp shuffles and atomics, against CPU references
// on random inputs, including partial last blocks.
#include "simt_test_util.h"

#include <numeric>
#include <random>

using namespace simt_testing;
using engine::simt::DeviceMemory;

namespace {

Shape shape1d(std::uint32_t blocks, std::uint32_t threads, std::uint32_t shared = 0)
{
    Shape s;
    s.grid = { blocks, 1, 1 };
    s.block = { threads, 1, 1 };
    s.dynamicShared = shared;
    return s;
}

} // namespace

TEST(CorpusShared, ReductionsSumEachBlockWithPartialLastBlock)
{
    const auto m = corpus("reduction");
    const unsigned n = 1000; // 4 blocks of 256, the last one partial
    const auto in = randomFloats(n, 7);
    for (const char* kernel : { "reduceDivergent", "reduceStridedIndex", "reduceSequential", "reduceWarpShuffle" }) {
        DeviceMemory mem;
        const auto src = upload(mem, "in", in);
        const auto dst = upload(mem, "out", std::vector<float>(4, 0.0f));
        auto r = launch(m, kernel, shape1d(4, 256, 256 * 4), { { src }, { dst }, { n } }, mem);
        ASSERT_TRUE(r.ok()) << kernel << ": " << r.error().toString();
        const auto out = download<float>(mem, dst);
        for (unsigned b = 0; b < 4; ++b) {
            double want = 0;
            for (unsigned i = b * 256; i < std::min(n, (b + 1) * 256); ++i)
                want += in[i];
            EXPECT_NEAR(out[b], want, 1e-4) << kernel << " block " << b;
        }
    }
}

TEST(CorpusShared, DivergentReductionDivergesMoreThanSequential)
{
    const auto m = corpus("reduction");
    const unsigned n = 512;
    const auto in = randomFloats(n, 8);
    std::uint64_t divergent[2] {};
    const char* kernels[2] = { "reduceDivergent", "reduceSequential" };
    for (int k = 0; k < 2; ++k) {
        DeviceMemory mem;
        const auto src = upload(mem, "in", in);
        const auto dst = upload(mem, "out", std::vector<float>(2, 0.0f));
        auto r = launch(m, kernels[k], shape1d(2, 256, 1024), { { src }, { dst }, { n } }, mem);
        ASSERT_TRUE(r.ok()) << r.error().toString();
        divergent[k] = r->divergentBranches;
    }
    // Best Practices Guide §12.1: tid % (2 * s) splits every warp; tid < s only the warp holding s.
    EXPECT_GT(divergent[0], divergent[1]);
}

TEST(CorpusShared, TransposesMatchOnNonSquareMatrix)
{
    const auto m = corpus("transpose");
    const int width = 96;
    const int height = 64;
    const auto in = randomFloats(static_cast<std::size_t>(width * height), 9);
    for (const char* kernel : { "transposeNaive", "transposeShared", "transposeSharedPadded" }) {
        DeviceMemory mem;
        const auto src = upload(mem, "in", in);
        const auto dst = upload(mem, "out", std::vector<float>(in.size(), 0.0f));
        Shape s;
        s.grid = { width / 32, height / 32, 1 };
        s.block = { 32, 32, 1 };
        auto r = launch(m, kernel, s, { { dst }, { src }, { width }, { height } }, mem);
        ASSERT_TRUE(r.ok()) << kernel << ": " << r.error().toString();
        const auto out = download<float>(mem, dst);
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x)
                ASSERT_EQ(out[static_cast<std::size_t>(x * height + y)], in[static_cast<std::size_t>(y * width + x)]) << kernel;
    }
}

TEST(CorpusShared, MatrixMultipliesMatchCpuWithinFloatTolerance)
{
    const auto m = corpus("matrix_ab");
    const int n = 64; // C (n x n) = A (n x 32) B (32 x n)
    const auto a = randomFloats(static_cast<std::size_t>(n * 32), 10);
    const auto b = randomFloats(static_cast<std::size_t>(32 * n), 11);
    for (const char* kernel : { "simpleMultiply", "coalescedMultiply", "sharedABMultiply" }) {
        DeviceMemory mem;
        const auto da = upload(mem, "a", a);
        const auto db = upload(mem, "b", b);
        const auto dc = upload(mem, "c", std::vector<float>(static_cast<std::size_t>(n * n), 0.0f));
        Shape s;
        s.grid = { n / 32, n / 32, 1 };
        s.block = { 32, 32, 1 };
        auto r = launch(m, kernel, s, { { da }, { db }, { dc }, { n } }, mem);
        ASSERT_TRUE(r.ok()) << kernel << ": " << r.error().toString();
        const auto c = download<float>(mem, dc);
        for (int row = 0; row < n; ++row) {
            for (int col = 0; col < n; ++col) {
                float want = 0.0f; // same order and fused multiply-add as nvcc's fma.rn.f32 chain
                for (int i = 0; i < 32; ++i)
                    want = std::fma(a[static_cast<std::size_t>(row * 32 + i)], b[static_cast<std::size_t>(i * n + col)], want);
                ASSERT_NEAR(c[static_cast<std::size_t>(row * n + col)], want, 1e-5f) << kernel;
            }
        }
    }
}

TEST(CorpusShared, MuldFromTheProgrammingGuide)
{
    const auto m = corpus("muld");
    const int hA = 32, wA = 48, wB = 64; // multiples of BLOCK_SIZE 16
    const auto a = randomFloats(static_cast<std::size_t>(hA * wA), 12);
    const auto b = randomFloats(static_cast<std::size_t>(wA * wB), 13);
    DeviceMemory mem;
    const auto da = upload(mem, "A", a);
    const auto db = upload(mem, "B", b);
    const auto dc = upload(mem, "C", std::vector<float>(static_cast<std::size_t>(hA * wB), 0.0f));
    Shape s;
    s.grid = { wB / 16, hA / 16, 1 };
    s.block = { 16, 16, 1 };
    auto r = launch(m, "Muld", s, { { da }, { db }, { wA }, { wB }, { dc } }, mem);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    const auto c = download<float>(mem, dc);
    for (int row = 0; row < hA; ++row)
        for (int col = 0; col < wB; ++col) {
            double want = 0;
            for (int k = 0; k < wA; ++k)
                want += double(a[static_cast<std::size_t>(row * wA + k)]) * b[static_cast<std::size_t>(k * wB + col)];
            ASSERT_NEAR(c[static_cast<std::size_t>(row * wB + col)], want, 1e-4);
        }
}

TEST(CorpusShared, HistogramsWithGlobalAndSharedAtomics)
{
    const auto m = corpus("histogram");
    const int n = 5000;
    std::mt19937 gen(14);
    std::vector<std::uint8_t> data(n);
    for (auto& d : data)
        d = static_cast<std::uint8_t>(gen() % 7 == 0 ? 42 : gen() % 256); // contention on bin 42
    std::vector<std::uint32_t> want(256, 0);
    for (auto d : data)
        ++want[d];
    for (const char* kernel : { "histogramGlobal", "histogramShared" }) {
        DeviceMemory mem;
        const auto bins = upload(mem, "bins", std::vector<std::uint32_t>(256, 0));
        const auto src = upload(mem, "data", data);
        auto r = launch(m, kernel, shape1d(6, 192), { { bins }, { src }, { n } }, mem);
        ASSERT_TRUE(r.ok()) << kernel << ": " << r.error().toString();
        EXPECT_EQ(download<std::uint32_t>(mem, bins), want) << kernel;
    }
}

TEST(CorpusShared, InclusiveScanPerBlock)
{
    const auto m = corpus("scan");
    const int n = 700; // 3 blocks of 256, partial last block
    std::vector<float> in(n);
    for (int i = 0; i < n; ++i)
        in[static_cast<std::size_t>(i)] = static_cast<float>((i * 7) % 5); // small integers: exact sums
    DeviceMemory mem;
    const auto src = upload(mem, "in", in);
    const auto dst = upload(mem, "out", std::vector<float>(n, -1.0f));
    auto r = launch(m, "scanInclusive", shape1d(3, 256), { { dst }, { src }, { n } }, mem);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    const auto out = download<float>(mem, dst);
    float acc = 0;
    for (int i = 0; i < n; ++i) {
        if (i % 256 == 0)
            acc = 0;
        acc += in[static_cast<std::size_t>(i)];
        ASSERT_EQ(out[static_cast<std::size_t>(i)], acc) << i;
    }
}

TEST(CorpusShared, StencilReadsConstantAndGlobalVariables)
{
    const auto m = corpus("stencil");
    const int n = 512;
    const auto in = randomFloats(n + 6 + 256, 15);
    DeviceMemory mem;
    const auto src = upload(mem, "in", in);
    const auto dst = upload(mem, "out", std::vector<float>(n, 0.0f));
    auto r = launch(m, "stencil1d", shape1d(2, 256), { { dst }, { src }, { n } }, mem);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    const float w[7] = { 0.05f, 0.1f, 0.2f, 0.3f, 0.2f, 0.1f, 0.05f };
    const auto out = download<float>(mem, dst);
    for (int g = 0; g < n; ++g) {
        float sum = 0.0f;
        for (int k = 0; k < 7; ++k)
            sum = std::fma(w[k], in[static_cast<std::size_t>(g + k)], sum);
        ASSERT_NEAR(out[static_cast<std::size_t>(g)], sum, 1e-5f) << g;
    }
}

TEST(CorpusShared, DynamicSharedArraysOverlayOneExternBuffer)
{
    const auto m = corpus("dynamic_shared");
    const int threads = 256;
    std::vector<std::int32_t> in(threads * 2);
    std::iota(in.begin(), in.end(), 1000);
    DeviceMemory mem;
    const auto src = upload(mem, "in", in);
    const auto dst = upload(mem, "out", std::vector<std::int32_t>(in.size(), 0));
    auto r = launch(m, "dynamicShared", shape1d(2, threads, 128 * 2 + 64 * 4 + threads * 4), { { dst }, { src } }, mem);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    const auto out = download<std::int32_t>(mem, dst);
    for (int b = 0; b < 2; ++b)
        for (int t = 0; t < threads; ++t) {
            const int want = in[static_cast<std::size_t>(b * threads + threads - 1 - t)] + (t % 128)
                + static_cast<int>(static_cast<float>(t % 64) * 0.5f);
            ASSERT_EQ(out[static_cast<std::size_t>(b * threads + t)], want) << b << " " << t;
        }
}

TEST(CorpusShared, DataDependentLoops)
{
    const auto m = corpus("data_dependent_loop");
    const int n = 77;
    std::vector<std::uint32_t> start(n);
    std::vector<std::int32_t> want(n);
    for (int i = 0; i < n; ++i) {
        start[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(i + 1);
        std::uint32_t v = start[static_cast<std::size_t>(i)];
        int count = 0;
        while (v > 1u) {
            v = (v & 1u) ? 3u * v + 1u : v / 2u;
            ++count;
        }
        want[static_cast<std::size_t>(i)] = count;
    }
    DeviceMemory mem;
    const auto s = upload(mem, "start", start);
    const auto steps = upload(mem, "steps", std::vector<std::int32_t>(n, -1));
    auto r = launch(m, "collatzSteps", shape1d(3, 32), { { steps }, { s }, { n } }, mem);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    EXPECT_EQ(download<std::int32_t>(mem, steps), want);
    EXPECT_GT(r->divergentBranches, 0u);
}
