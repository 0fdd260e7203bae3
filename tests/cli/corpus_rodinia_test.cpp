// Rodinia kernels (resources/kernels/corpus/rodinia) run by warpscope-cli on the scenarios in
// resources/scenarios/corpus/rodinia, checked against CPU references written from each benchmark's sequential
// definition (the OpenMP versions and the host code of the suite). Rodinia's CUDA programs compare nothing; the
// tolerance here is ours: integers exact, floats within 0.01 % (the kernels contract a*b+c into fma, and
// hotspot mixes float and double as its source does).
// To add a kernel: its scenario (scripts/make_corpus_scenarios.py), a reference below, a row in kRodiniaCases.
#include "tests/cli/corpus_check.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>

namespace {

using testing_corpus::CorpusCase;
using testing_corpus::DumpedBuffers;
using testing_corpus::expectClose;
using Floats = std::vector<float>;

constexpr double kTolerance = 1e-4;

std::size_t idx(int i, int cols, int j)
{
    return static_cast<std::size_t>(i * cols + j);
}

void checkNn(const DumpedBuffers& b)
{
    const Floats loc = b.f32("locations");
    Floats want(loc.size() / 2);
    for (std::size_t i = 0; i < want.size(); ++i) {
        const float dlat = 30.0f - loc[2 * i];
        const float dlng = 90.0f - loc[2 * i + 1];
        want[i] = std::sqrt(dlat * dlat + dlng * dlng);
    }
    expectClose("distances", b.f32("distances"), want, kTolerance);
}

void checkPathfinder(const DumpedBuffers& b)
{
    const int rows = 21;
    const int cols = 512;
    const auto wall = b.get<std::int32_t>("h_wall");
    std::vector<std::int32_t> cost(wall.begin(), wall.begin() + cols);
    for (int r = 1; r < rows; ++r) {
        std::vector<std::int32_t> next(cost.size());
        for (int x = 0; x < cols; ++x) {
            const auto left = cost[static_cast<std::size_t>(std::max(x - 1, 0))];
            const auto right = cost[static_cast<std::size_t>(std::min(x + 1, cols - 1))];
            next[static_cast<std::size_t>(x)]
                = std::min({left, cost[static_cast<std::size_t>(x)], right}) + wall[idx(r, cols, x)];
        }
        cost = next;
    }
    testing_corpus::expectEqual("result1", b.get<std::int32_t>("result1"), cost);
}

void checkHotspot(const DumpedBuffers& b)
{
    const int n = 64;
    // compute_tran_temp's constants for a 0.016 m square chip of n x n cells, as the host program derives them.
    const float tChip = 0.0005f;
    const float chip = 0.016f;
    const float cell = chip / n;
    const float cap = static_cast<float>(0.5 * 1.75e6 * tChip * cell * cell);
    const float rx = static_cast<float>(cell / (2.0 * 100 * tChip * cell));
    const float rz = static_cast<float>(tChip / (100 * cell * cell));
    const float step = static_cast<float>(0.001 / static_cast<float>(3.0e6 / (0.5 * tChip * 1.75e6)));
    const float stepDivCap = step / cap;
    const float r1 = 1 / rx; // Rx == Ry on a square chip
    const float rz1 = 1 / rz;
    const Floats power = b.f32("power");
    Floats temp = b.f32("h_temp");
    for (int it = 0; it < 4; ++it) {
        Floats next(temp.size());
        for (int y = 0; y < n; ++y)
            for (int x = 0; x < n; ++x) {
                const float t = temp[idx(y, n, x)];
                const float north = temp[idx(std::max(y - 1, 0), n, x)];
                const float south = temp[idx(std::min(y + 1, n - 1), n, x)];
                const float west = temp[idx(y, n, std::max(x - 1, 0))];
                const float east = temp[idx(y, n, std::min(x + 1, n - 1))];
                next[idx(y, n, x)] = static_cast<float>(t
                    + stepDivCap
                        * (power[idx(y, n, x)] + (south + north - 2.0 * t) * r1 + (east + west - 2.0 * t) * r1
                            + (80.0f - t) * rz1));
            }
        temp = next;
    }
    expectClose("temp0", b.f32("temp0"), temp, kTolerance);
}

void checkGaussian(const DumpedBuffers& b)
{
    const int n = 32;
    Floats a = b.f32("h_a");
    Floats m(a.size(), 0.0f);
    Floats rhs(n, 1.0f);
    for (int t = 0; t < n - 1; ++t) {
        for (int i = t + 1; i < n; ++i)
            m[idx(i, n, t)] = a[idx(i, n, t)] / a[idx(t, n, t)];
        for (int i = t + 1; i < n; ++i) {
            for (int j = t; j < n; ++j)
                a[idx(i, n, j)] -= m[idx(i, n, t)] * a[idx(t, n, j)];
            rhs[static_cast<std::size_t>(i)] -= m[idx(i, n, t)] * rhs[static_cast<std::size_t>(t)];
        }
    }
    expectClose("m", b.f32("m"), m, kTolerance);
    expectClose("a", b.f32("a"), a, kTolerance);
    expectClose("b", b.f32("b"), rhs, kTolerance);
}

void checkNw(const DumpedBuffers& b)
{
    const int dim = 65; // 64 residues a side plus the border row and column
    const int penalty = 10;
    const auto ref = b.get<std::int32_t>("h_reference");
    auto score = b.get<std::int32_t>("h_matrix");
    for (int i = 1; i < dim; ++i)
        for (int j = 1; j < dim; ++j)
            score[idx(i, dim, j)] = std::max({score[idx(i - 1, dim, j - 1)] + ref[idx(i, dim, j)],
                score[idx(i, dim, j - 1)] - penalty, score[idx(i - 1, dim, j)] - penalty});
    testing_corpus::expectEqual("matrix", b.get<std::int32_t>("matrix"), score);
}

void checkLud(const DumpedBuffers& b)
{
    const int n = 64;
    Floats a = b.f32("h_m");
    for (int k = 0; k < n; ++k)
        for (int i = k + 1; i < n; ++i) {
            a[idx(i, n, k)] /= a[idx(k, n, k)];
            for (int j = k + 1; j < n; ++j)
                a[idx(i, n, j)] -= a[idx(i, n, k)] * a[idx(k, n, j)];
        }
    expectClose("m", b.f32("m"), a, kTolerance);
}

void checkBackprop(const DumpedBuffers& b)
{
    const int in = 64;
    const int hid = 16;
    const int stride = hid + 1;
    const Floats input = b.f32("input");
    const Floats delta = b.f32("delta");
    Floats w = b.f32("h_w");
    Floats oldw = b.f32("h_oldw");
    // Forward: each block weighs 16 inputs and sums its rows as a tree (stride 1, 2, 4, 8), per hidden unit.
    Floats partial(static_cast<std::size_t>(in / 16 * hid));
    for (int by = 0; by < in / 16; ++by)
        for (int c = 0; c < hid; ++c) {
            float rows[16];
            for (int r = 0; r < 16; ++r)
                rows[r] = w[idx(16 * by + r + 1, stride, c + 1)] * input[static_cast<std::size_t>(16 * by + r + 1)];
            for (int half = 1; half < 16; half *= 2)
                for (int r = 0; r < 16; r += 2 * half)
                    rows[r] += rows[r + half];
            partial[static_cast<std::size_t>(by * hid + c)] = rows[0];
        }
    // Adjust: ETA and MOMENTUM are double constants (0.3), so the update is formed in double.
    auto adjust = [&](std::size_t at, double gradient) {
        const double change = 0.3 * gradient + 0.3 * oldw[at];
        w[at] = static_cast<float>(w[at] + change);
        oldw[at] = static_cast<float>(change);
    };
    for (int r = 1; r <= in; ++r)
        for (int c = 1; c <= hid; ++c)
            adjust(idx(r, stride, c),
                static_cast<double>(delta[static_cast<std::size_t>(c)]) * input[static_cast<std::size_t>(r)]);
    for (int c = 1; c <= hid; ++c)
        adjust(static_cast<std::size_t>(c), delta[static_cast<std::size_t>(c)]);
    expectClose("partial", b.f32("partial"), partial, kTolerance);
    expectClose("w", b.f32("w"), w, kTolerance);
    expectClose("oldw", b.f32("oldw"), oldw, kTolerance);
}

void checkSrad(const DumpedBuffers& b)
{
    const int n = 64;
    const float q0sqr = 0.05f; // the scenario's fixed q0sqr and the suite's lambda
    const float lambda = 0.5f;
    Floats j = b.f32("h_J");
    Floats c(j.size());
    Floats dn(j.size()), ds(j.size()), dw(j.size()), de(j.size());
    auto clamp = [n](int v) { return std::min(std::max(v, 0), n - 1); };
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            const auto k = idx(y, n, x);
            const float jc = j[k];
            dn[k] = j[idx(clamp(y - 1), n, x)] - jc;
            ds[k] = j[idx(clamp(y + 1), n, x)] - jc;
            dw[k] = j[idx(y, n, clamp(x - 1))] - jc;
            de[k] = j[idx(y, n, clamp(x + 1))] - jc;
            const float g2 = (dn[k] * dn[k] + ds[k] * ds[k] + dw[k] * dw[k] + de[k] * de[k]) / (jc * jc);
            const float l = (dn[k] + ds[k] + dw[k] + de[k]) / jc;
            const auto num = static_cast<float>((0.5 * g2) - ((1.0 / 16.0) * (l * l)));
            const auto den = static_cast<float>(1 + (.25 * l));
            const float qsqr = num / (den * den);
            const float diffusion = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
            c[k] = std::clamp(static_cast<float>(1.0 / (1.0 + diffusion)), 0.0f, 1.0f);
        }
    Floats out(j.size());
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            const auto k = idx(y, n, x);
            const float sum
                = c[k] * dn[k] + c[idx(clamp(y + 1), n, x)] * ds[k] + c[k] * dw[k] + c[idx(y, n, clamp(x + 1))] * de[k];
            out[k] = static_cast<float>(j[k] + 0.25 * lambda * sum);
        }
    expectClose("C", b.f32("C"), c, kTolerance);
    expectClose("J", b.f32("J"), out, kTolerance);
}

const CorpusCase kRodiniaCases[] = {
    {"rodinia/nn.json", {"locations", "distances"}, checkNn},
    {"rodinia/pathfinder.json", {"h_wall", "result1"}, checkPathfinder},
    {"rodinia/hotspot.json", {"power", "h_temp", "temp0"}, checkHotspot},
    {"rodinia/gaussian.json", {"h_a", "a", "b", "m"}, checkGaussian},
    {"rodinia/nw.json", {"h_reference", "h_matrix", "matrix"}, checkNw},
    {"rodinia/lud.json", {"h_m", "m"}, checkLud},
    {"rodinia/srad.json", {"h_J", "C", "J"}, checkSrad},
    {"rodinia/backprop.json", {"input", "delta", "h_w", "h_oldw", "partial", "w", "oldw"}, checkBackprop},
};

class RodiniaCorpus : public testing::TestWithParam<CorpusCase> { };

TEST_P(RodiniaCorpus, OutputsMatchTheCpuReference)
{
    const auto buffers = testing_corpus::runCorpusScenario(GetParam());
    GetParam().check(buffers);
}

INSTANTIATE_TEST_SUITE_P(Kernels, RodiniaCorpus, testing::ValuesIn(kRodiniaCases),
    [](const testing::TestParamInfo<CorpusCase>& param) { return testing_corpus::caseName(param.param); });

} // namespace
