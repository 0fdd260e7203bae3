// PolyBench/GPU kernels (resources/kernels/corpus/polybench) run by warpscope-cli on the scenarios in
// resources/scenarios/corpus/polybench, checked against CPU references written from the suite's sequential
// definitions (the *_cpu functions of each PolyBench/GPU program). Tolerance: each program's own
// PERCENT_DIFF_ERROR_THRESHOLD (in percent), without the suite's rule that values both below 0.01 match.
// To add a kernel: its scenario (scripts/make_corpus_scenarios.py), a reference below, a row in kPolyBenchCases.
#include "tests/cli/corpus_check.h"

#include <cmath>
#include <gtest/gtest.h>

namespace {

using testing_corpus::CorpusCase;
using testing_corpus::DumpedBuffers;
using testing_corpus::expectClose;
using Floats = std::vector<float>;

constexpr float kAlpha = 32412.0f; // 2mm, gemm, syrk, syr2k: the suite's init sets alpha and beta to these
constexpr float kBeta = 2123.0f;

/// C (n x m) = A (n x k) B (k x m), row-major, k summed in order.
Floats multiply(const Floats& a, const Floats& b, int n, int k, int m)
{
    Floats c(static_cast<std::size_t>(n * m), 0.0f);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            float sum = 0;
            for (int p = 0; p < k; ++p)
                sum += a[static_cast<std::size_t>(i * k + p)] * b[static_cast<std::size_t>(p * m + j)];
            c[static_cast<std::size_t>(i * m + j)] = sum;
        }
    return c;
}

float& at(Floats& m, int cols, int i, int j)
{
    return m[static_cast<std::size_t>(i * cols + j)];
}
float at(const Floats& m, int cols, int i, int j)
{
    return m[static_cast<std::size_t>(i * cols + j)];
}

void check2mm(const DumpedBuffers& b)
{
    const int n = 64;
    const Floats tmp = multiply(b.f32("A"), b.f32("B"), n, n, n);
    const Floats tc = multiply(tmp, b.f32("C"), n, n, n);
    Floats d = b.f32("h_D");
    for (std::size_t i = 0; i < d.size(); ++i)
        d[i] = d[i] * kBeta + kAlpha * tc[i];
    expectClose("D", b.f32("D"), d, 0.0005);
}

void check3mm(const DumpedBuffers& b)
{
    const int n = 64;
    const Floats e = multiply(b.f32("A"), b.f32("B"), n, n, n);
    const Floats f = multiply(b.f32("C"), b.f32("D"), n, n, n);
    expectClose("G", b.f32("G"), multiply(e, f, n, n, n), 0.0005);
}

void checkAtax(const DumpedBuffers& b)
{
    const int n = 256;
    const Floats a = b.f32("A");
    const Floats tmp = multiply(a, b.f32("x"), n, n, 1);
    Floats y(n, 0.0f);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            y[static_cast<std::size_t>(j)] += at(a, n, i, j) * tmp[static_cast<std::size_t>(i)];
    expectClose("y", b.f32("y"), y, 0.005);
}

void checkBicg(const DumpedBuffers& b)
{
    const int n = 256;
    const Floats a = b.f32("A");
    const Floats r = b.f32("r");
    Floats s(n, 0.0f);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            s[static_cast<std::size_t>(j)] += r[static_cast<std::size_t>(i)] * at(a, n, i, j);
    expectClose("s", b.f32("s"), s, 0.005);
    expectClose("q", b.f32("q"), multiply(a, b.f32("p"), n, n, 1), 0.005);
}

void checkGemm(const DumpedBuffers& b)
{
    const Floats ab = multiply(b.f32("a"), b.f32("b"), 64, 64, 64);
    Floats c = b.f32("h_c");
    for (std::size_t i = 0; i < c.size(); ++i)
        c[i] = c[i] * kBeta + kAlpha * ab[i];
    expectClose("c", b.f32("c"), c, 0.0005);
}

void checkGesummv(const DumpedBuffers& b)
{
    const int n = 256;
    const Floats x = b.f32("x");
    const Floats ax = multiply(b.f32("A"), x, n, n, 1);
    const Floats bx = multiply(b.f32("B"), x, n, n, 1);
    Floats y(n);
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = 43532.0f * ax[i] + 12313.0f * bx[i];
    expectClose("tmp", b.f32("tmp"), ax, 0.0005);
    expectClose("y", b.f32("y"), y, 0.0005);
}

void checkMvt(const DumpedBuffers& b)
{
    const int n = 256;
    const Floats a = b.f32("a");
    Floats x1 = b.f32("h_x1");
    Floats x2 = b.f32("h_x2");
    const Floats y1 = b.f32("y_1");
    const Floats y2 = b.f32("y_2");
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            x1[static_cast<std::size_t>(i)] += at(a, n, i, j) * y1[static_cast<std::size_t>(j)];
            x2[static_cast<std::size_t>(i)] += at(a, n, j, i) * y2[static_cast<std::size_t>(j)];
        }
    expectClose("x1", b.f32("x1"), x1, 0.0005);
    expectClose("x2", b.f32("x2"), x2, 0.0005);
}

/// syrk (b empty) and syr2k: C = beta C + alpha A B^T + alpha B A^T.
void checkRankUpdate(const DumpedBuffers& b, bool twoMatrices)
{
    const int n = 64;
    const Floats a = b.f32("a");
    const Floats bb = twoMatrices ? b.f32("b") : a;
    Floats c = b.f32("h_c");
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float v = at(c, n, i, j) * kBeta;
            for (int k = 0; k < n; ++k)
                v += twoMatrices ? kAlpha * at(a, n, i, k) * at(bb, n, j, k) + kAlpha * at(bb, n, i, k) * at(a, n, j, k)
                                 : kAlpha * at(a, n, i, k) * at(a, n, j, k);
            at(c, n, i, j) = v;
        }
    expectClose("c", b.f32("c"), c, 0.0005);
}

void checkSyrk(const DumpedBuffers& b)
{
    checkRankUpdate(b, false);
}
void checkSyr2k(const DumpedBuffers& b)
{
    checkRankUpdate(b, true);
}

void checkGemver(const DumpedBuffers& b)
{
    const int n = 256;
    const float alpha = 43532.0f;
    const float beta = 12313.0f;
    Floats a = b.f32("h_a");
    const Floats u1 = b.f32("u1"), u2 = b.f32("u2"), v1 = b.f32("v1"), v2 = b.f32("v2"), y = b.f32("y"), z = b.f32("z");
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            at(a, n, i, j) += u1[static_cast<std::size_t>(i)] * v1[static_cast<std::size_t>(j)]
                + u2[static_cast<std::size_t>(i)] * v2[static_cast<std::size_t>(j)];
    Floats x(n, 0.0f);
    Floats w(n, 0.0f);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j)
            x[static_cast<std::size_t>(i)] += beta * at(a, n, j, i) * y[static_cast<std::size_t>(j)];
        x[static_cast<std::size_t>(i)] += z[static_cast<std::size_t>(i)];
    }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            w[static_cast<std::size_t>(i)] += alpha * at(a, n, i, j) * x[static_cast<std::size_t>(j)];
    expectClose("a", b.f32("a"), a, 0.0005);
    expectClose("x", b.f32("x"), x, 0.0005);
    expectClose("w", b.f32("w"), w, 0.0005);
}

void checkDoitgen(const DumpedBuffers& b)
{
    const int n = 16; // nr = nq = np
    Floats a = b.f32("h_A");
    const Floats c4 = b.f32("C4");
    for (int r = 0; r < n; ++r) {
        Floats slice(a.begin() + r * n * n, a.begin() + (r + 1) * n * n);
        const Floats sum = multiply(slice, c4, n, n, n);
        std::copy(sum.begin(), sum.end(), a.begin() + r * n * n);
    }
    expectClose("A", b.f32("A"), a, 0.0005);
}

void checkGramschmidt(const DumpedBuffers& b)
{
    const int n = 32; // ni = nj
    Floats a = b.f32("h_a");
    Floats r(n * n, 0.0f);
    Floats q(n * n, 0.0f);
    for (int k = 0; k < n; ++k) {
        float nrm = 0;
        for (int i = 0; i < n; ++i)
            nrm += at(a, n, i, k) * at(a, n, i, k);
        at(r, n, k, k) = std::sqrt(nrm);
        for (int i = 0; i < n; ++i)
            at(q, n, i, k) = at(a, n, i, k) / at(r, n, k, k);
        for (int j = k + 1; j < n; ++j) {
            for (int i = 0; i < n; ++i)
                at(r, n, k, j) += at(q, n, i, k) * at(a, n, i, j);
            for (int i = 0; i < n; ++i)
                at(a, n, i, j) -= at(q, n, i, k) * at(r, n, k, j);
        }
    }
    expectClose("r", b.f32("r"), r, 0.0005);
    expectClose("q", b.f32("q"), q, 0.0005);
}

void checkLu(const DumpedBuffers& b)
{
    const int n = 32;
    Floats a = b.f32("h_A");
    for (int k = 0; k < n; ++k) {
        for (int j = k + 1; j < n; ++j)
            at(a, n, k, j) /= at(a, n, k, k);
        for (int i = k + 1; i < n; ++i)
            for (int j = k + 1; j < n; ++j)
                at(a, n, i, j) -= at(a, n, i, k) * at(a, n, k, j);
    }
    expectClose("A", b.f32("A"), a, 0.0005);
}

/// The column means of data (n rows of m), divided by FLOAT_N as the suite does, and data centred on them.
Floats centre(Floats& data, int n, int m, float floatN)
{
    Floats mean(static_cast<std::size_t>(m), 0.0f);
    for (int j = 0; j < m; ++j) {
        for (int i = 0; i < n; ++i)
            mean[static_cast<std::size_t>(j)] += at(data, m, i, j);
        mean[static_cast<std::size_t>(j)] /= floatN;
    }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j)
            at(data, m, i, j) -= mean[static_cast<std::size_t>(j)];
    return mean;
}

/// symmat[j1][j2] = sum_i data[i][j1] data[i][j2] for j2 >= first(j1), mirrored.
Floats crossProducts(const Floats& data, int n, int m, bool fromNext)
{
    Floats s(static_cast<std::size_t>(m * m), 0.0f);
    for (int j1 = 0; j1 < m; ++j1)
        for (int j2 = fromNext ? j1 + 1 : j1; j2 < m; ++j2) {
            float v = 0;
            for (int i = 0; i < n; ++i)
                v += at(data, m, i, j1) * at(data, m, i, j2);
            at(s, m, j1, j2) = v;
            at(s, m, j2, j1) = v;
        }
    return s;
}

void checkCovariance(const DumpedBuffers& b)
{
    const int n = 64; // m = n
    Floats data = b.f32("h_data");
    const Floats mean = centre(data, n, n, static_cast<float>(3214212.01));
    expectClose("mean", b.f32("mean"), mean, 0.0105);
    expectClose("data", b.f32("data"), data, 0.0105);
    expectClose("symmat", b.f32("symmat"), crossProducts(data, n, n, false), 0.0105);
}

void checkCorrelation(const DumpedBuffers& b)
{
    const int n = 64; // m = n
    const float floatN = 3214212.01f;
    Floats data = b.f32("h_data");
    const Floats mean = centre(data, n, n, floatN);
    Floats stddev(n, 0.0f);
    for (int j = 0; j < n; ++j) {
        float v = 0;
        for (int i = 0; i < n; ++i)
            v += at(data, n, i, j) * at(data, n, i, j);
        v = std::sqrt(v / floatN);
        stddev[static_cast<std::size_t>(j)] = v <= 0.005f ? 1.0f : v;
    }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            at(data, n, i, j)
                /= static_cast<float>(std::sqrt(static_cast<double>(floatN)) * stddev[static_cast<std::size_t>(j)]);
    Floats symmat = crossProducts(data, n, n, true);
    for (int j = 0; j < n - 1; ++j) // corr_kernel sets the diagonal but for the last row, which the host sets
        at(symmat, n, j, j) = 1.0f;
    expectClose("mean", b.f32("mean"), mean, 0.0105);
    expectClose("std", b.f32("std"), stddev, 0.0105);
    expectClose("symmat", b.f32("symmat"), symmat, 0.0105);
}

void check2dconv(const DumpedBuffers& b)
{
    const int n = 128;
    const Floats a = b.f32("A");
    Floats out(n * n, 0.0f);
    // The suite's c11..c33 by offset: c[di + 1][dj + 1] weighs A[i + di][j + dj]; summed in the suite's order.
    const float c[3][3] = {{0.2f, 0.5f, -0.8f}, {-0.3f, 0.6f, -0.9f}, {0.4f, 0.7f, 0.10f}};
    for (int i = 1; i < n - 1; ++i)
        for (int j = 1; j < n - 1; ++j) {
            float v = 0;
            for (int di = -1; di <= 1; ++di)
                for (int dj = -1; dj <= 1; ++dj)
                    v += c[di + 1][dj + 1] * at(a, n, i + di, j + dj);
            at(out, n, i, j) = v;
        }
    expectClose("B", b.f32("B"), out, 0.0005);
}

void check3dconv(const DumpedBuffers& b)
{
    const int n = 16;
    const Floats a = b.f32("A");
    Floats out(n * n * n, 0.0f);
    auto A = [&](int i, int j, int k) { return a[static_cast<std::size_t>((i * n + j) * n + k)]; };
    for (int i = 1; i < n - 1; ++i)
        for (int j = 1; j < n - 1; ++j)
            for (int k = 1; k < n - 1; ++k) // the suite's stencil, terms as it writes them
                out[static_cast<std::size_t>((i * n + j) * n + k)] = 2 * A(i - 1, j - 1, k - 1)
                    + 4 * A(i + 1, j - 1, k - 1) + 5 * A(i - 1, j - 1, k - 1) + 7 * A(i + 1, j - 1, k - 1)
                    - 8 * A(i - 1, j - 1, k - 1) + 10 * A(i + 1, j - 1, k - 1) - 3 * A(i, j - 1, k) + 6 * A(i, j, k)
                    - 9 * A(i, j + 1, k) + 2 * A(i - 1, j - 1, k + 1) + 4 * A(i + 1, j - 1, k + 1)
                    + 5 * A(i - 1, j, k + 1) + 7 * A(i + 1, j, k + 1) - 8 * A(i - 1, j + 1, k + 1)
                    + 10 * A(i + 1, j + 1, k + 1);
    expectClose("B", b.f32("B"), out, 0.005);
}

void checkFdtd2d(const DumpedBuffers& b)
{
    const int n = 64; // nx = ny
    Floats ex = b.f32("h_ex"), ey = b.f32("h_ey"), hz = b.f32("h_hz");
    for (int t = 0; t < 4; ++t) {
        for (int j = 0; j < n; ++j)
            at(ey, n, 0, j) = static_cast<float>(t); // _fict_[t] = t
        for (int i = 1; i < n; ++i)
            for (int j = 0; j < n; ++j)
                at(ey, n, i, j) -= 0.5f * (at(hz, n, i, j) - at(hz, n, i - 1, j));
        for (int i = 0; i < n; ++i)
            for (int j = 1; j < n; ++j)
                at(ex, n, i, j) -= 0.5f * (at(hz, n, i, j) - at(hz, n, i, j - 1));
        for (int i = 0; i < n - 1; ++i)
            for (int j = 0; j < n - 1; ++j)
                at(hz, n, i, j)
                    -= 0.7f * (at(ex, n, i, j + 1) - at(ex, n, i, j) + at(ey, n, i + 1, j) - at(ey, n, i, j));
    }
    expectClose("ex", b.f32("ex"), ex, 0.1005);
    expectClose("ey", b.f32("ey"), ey, 0.1005);
    expectClose("hz", b.f32("hz"), hz, 0.1005);
}

void checkJacobi1d(const DumpedBuffers& b)
{
    const int n = 1024;
    Floats a = b.f32("h_A");
    Floats next = a;
    for (int t = 0; t < 8; ++t) {
        for (int i = 2; i < n - 1; ++i)
            next[static_cast<std::size_t>(i)] = 0.33333f
                * (a[static_cast<std::size_t>(i - 1)] + a[static_cast<std::size_t>(i)]
                    + a[static_cast<std::size_t>(i + 1)]);
        for (int i = 2; i < n - 1; ++i)
            a[static_cast<std::size_t>(i)] = next[static_cast<std::size_t>(i)];
    }
    expectClose("A", b.f32("A"), a, 0.0005);
}

void checkJacobi2d(const DumpedBuffers& b)
{
    const int n = 64;
    Floats a = b.f32("h_A");
    Floats next = a;
    for (int t = 0; t < 4; ++t) {
        for (int i = 1; i < n - 1; ++i)
            for (int j = 1; j < n - 1; ++j)
                at(next, n, i, j) = 0.2f
                    * (at(a, n, i, j) + at(a, n, i, j - 1) + at(a, n, i, j + 1) + at(a, n, i + 1, j)
                        + at(a, n, i - 1, j));
        for (int i = 1; i < n - 1; ++i)
            for (int j = 1; j < n - 1; ++j)
                at(a, n, i, j) = at(next, n, i, j);
    }
    expectClose("A", b.f32("A"), a, 0.0005);
}

const CorpusCase kPolyBenchCases[] = {
    {"polybench/2mm.json", {"A", "B", "C", "D", "h_D"}, check2mm},
    {"polybench/3mm.json", {"A", "B", "C", "D", "G"}, check3mm},
    {"polybench/atax.json", {"A", "x", "y"}, checkAtax},
    {"polybench/bicg.json", {"A", "r", "p", "s", "q"}, checkBicg},
    {"polybench/gemm.json", {"a", "b", "c", "h_c"}, checkGemm},
    {"polybench/gesummv.json", {"A", "B", "x", "tmp", "y"}, checkGesummv},
    {"polybench/mvt.json", {"a", "h_x1", "h_x2", "y_1", "y_2", "x1", "x2"}, checkMvt},
    {"polybench/syrk.json", {"a", "c", "h_c"}, checkSyrk},
    {"polybench/syr2k.json", {"a", "b", "c", "h_c"}, checkSyr2k},
    {"polybench/gemver.json", {"h_a", "a", "u1", "u2", "v1", "v2", "y", "z", "x", "w"}, checkGemver},
    {"polybench/doitgen.json", {"h_A", "A", "C4"}, checkDoitgen},
    {"polybench/gramschmidt.json", {"h_a", "r", "q"}, checkGramschmidt},
    {"polybench/lu.json", {"h_A", "A"}, checkLu},
    {"polybench/covariance.json", {"h_data", "data", "mean", "symmat"}, checkCovariance},
    {"polybench/correlation.json", {"h_data", "mean", "std", "symmat"}, checkCorrelation},
    {"polybench/2dconv.json", {"A", "B"}, check2dconv},
    {"polybench/3dconv.json", {"A", "B"}, check3dconv},
    {"polybench/fdtd2d.json", {"h_ex", "h_ey", "h_hz", "ex", "ey", "hz"}, checkFdtd2d},
    {"polybench/jacobi1d.json", {"h_A", "A"}, checkJacobi1d},
    {"polybench/jacobi2d.json", {"h_A", "A"}, checkJacobi2d},
};

class PolyBenchCorpus : public testing::TestWithParam<CorpusCase> { };

TEST_P(PolyBenchCorpus, OutputsMatchTheCpuReference)
{
    const auto buffers = testing_corpus::runCorpusScenario(GetParam());
    GetParam().check(buffers);
}

INSTANTIATE_TEST_SUITE_P(Kernels, PolyBenchCorpus, testing::ValuesIn(kPolyBenchCases),
    [](const testing::TestParamInfo<CorpusCase>& param) { return testing_corpus::caseName(param.param); });

} // namespace
