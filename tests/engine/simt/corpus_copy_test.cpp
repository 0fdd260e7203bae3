// Corpus kernels with simple memory patterns against CPU references (Best Practices Guide offsetCopy,
// strideCopy; vector types, double precision, a device function call).
#include "simt_test_util.h"

#include <random>

using namespace simt_testing;
using engine::simt::DeviceMemory;

TEST(CorpusCopy, OffsetCopyCopiesShiftedElements)
{
    const auto m = corpus("offset_copy");
    for (int offset : { 0, 1, 13, 32 }) {
        DeviceMemory mem;
        const std::uint32_t n = 1024;
        const auto in = randomFloats(n + 32, 1, -100.0f, 100.0f);
        const auto idata = upload(mem, "idata", in);
        const auto odata = upload(mem, "odata", std::vector<float>(n + 32, 0.0f));
        Shape s;
        s.grid = { n / 256, 1, 1 };
        s.block = { 256, 1, 1 };
        auto r = launch(m, "offsetCopy", s, { { odata }, { idata }, { static_cast<std::uint64_t>(offset) } }, mem);
        ASSERT_TRUE(r.ok()) << r.error().toString();
        const auto out = download<float>(mem, odata);
        for (std::uint32_t i = 0; i < n + 32; ++i) {
            const bool copied = i >= static_cast<std::uint32_t>(offset) && i < n + static_cast<std::uint32_t>(offset);
            ASSERT_EQ(out[i], copied ? in[i] : 0.0f) << "offset " << offset << " i " << i;
        }
        EXPECT_EQ(r->warpInstructions, (n / 32) * r->perFunction[0].warpExecutions.size());
        EXPECT_EQ(r->threadInstructions, r->warpInstructions * 32);
        EXPECT_EQ(r->blocks, 4u);
        EXPECT_EQ(r->divergentBranches, 0u);
    }
}

TEST(CorpusCopy, StrideCopyCopiesEveryStrideElement)
{
    const auto m = corpus("stride_copy");
    DeviceMemory mem;
    const std::uint32_t n = 512;
    const int stride = 3;
    const auto in = randomFloats(n * stride, 2, -100.0f, 100.0f);
    const auto idata = upload(mem, "idata", in);
    const auto odata = upload(mem, "odata", std::vector<float>(n * stride, 0.0f));
    Shape s;
    s.grid = { n / 128, 1, 1 };
    s.block = { 128, 1, 1 };
    auto r = launch(m, "strideCopy", s, { { odata }, { idata }, { stride } }, mem);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    const auto out = download<float>(mem, odata);
    for (std::uint32_t i = 0; i < n * stride; ++i)
        ASSERT_EQ(out[i], i % stride == 0 ? in[i] : 0.0f) << i;
}

TEST(CorpusCopy, VectorTypesScaleFloat4WithPartialLastBlock)
{
    const auto m = corpus("vector_types");
    DeviceMemory mem;
    const int n = 300; // float4 elements: 3 blocks of 128, the last partial
    const auto in = randomFloats(static_cast<std::size_t>(n) * 4, 3, -100.0f, 100.0f);
    const auto src = upload(mem, "in", in);
    const auto dst = upload(mem, "out", std::vector<float>(in.size(), 0.0f));
    Shape s;
    s.grid = { 3, 1, 1 };
    s.block = { 128, 1, 1 };
    auto r = launch(m, "scaleFloat4", s, { { dst }, { src }, Arg::f32(0.5f), { static_cast<std::uint64_t>(n) } }, mem);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    const auto out = download<float>(mem, dst);
    for (std::size_t i = 0; i < in.size(); ++i)
        ASSERT_EQ(out[i], in[i] * 0.5f) << i;
    EXPECT_GT(r->divergentBranches, 0u); // the partial block's warp 2 splits at `if (i < n)`
}

TEST(CorpusCopy, DaxpyAndDnormInDoublePrecision)
{
    const auto m = corpus("double_precision");
    DeviceMemory mem;
    const int n = 200;
    std::vector<double> x(n);
    std::vector<double> y(n);
    for (int i = 0; i < n; ++i) {
        x[static_cast<std::size_t>(i)] = i * 0.25 - 7.0;
        y[static_cast<std::size_t>(i)] = 3.0 - i * 0.125;
    }
    const auto dx = upload(mem, "x", x);
    const auto dy = upload(mem, "y", y);
    const auto dout = upload(mem, "out", std::vector<double>(n, 0.0));
    Shape s;
    s.grid = { 2, 1, 1 };
    s.block = { 128, 1, 1 };
    ASSERT_TRUE(launch(m, "dnorm", s, { { dout }, { dx }, { dy }, { n } }, mem).ok());
    ASSERT_TRUE(launch(m, "daxpy", s, { { dy }, { dx }, Arg::f64(2.5), { n } }, mem).ok());
    const auto norm = download<double>(mem, dout);
    const auto yy = download<double>(mem, dy);
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
        EXPECT_EQ(norm[i], std::sqrt(x[i] * x[i] + y[i] * y[i])) << i;
        EXPECT_EQ(yy[i], std::fma(2.5, x[i], y[i])) << i;
    }
}

TEST(CorpusCopy, DeviceFunctionCallPassesParamsAndReturnValue)
{
    const auto m = corpus("device_function");
    DeviceMemory mem;
    const int n = 100;
    std::vector<float> in(n);
    for (int i = 0; i < n; ++i)
        in[static_cast<std::size_t>(i)] = static_cast<float>(i) / 50.0f - 0.5f;
    const auto src = upload(mem, "in", in);
    const auto dst = upload(mem, "out", std::vector<float>(n, -1.0f));
    Shape s;
    s.grid = { 1, 1, 1 };
    s.block = { 128, 1, 1 };
    auto r = launch(m, "applySmoothstep", s, { { dst }, { src }, Arg::f32(0.0f), Arg::f32(1.0f), { n } }, mem);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    const auto out = download<float>(mem, dst);
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
        float t = (in[i] - 0.0f) / (1.0f - 0.0f);
        t = std::min(std::max(t, 0.0f), 1.0f);
        const float want = t * t * (3.0f - 2.0f * t);
        EXPECT_NEAR(out[i], want, 1e-6f) << i;
    }
}
