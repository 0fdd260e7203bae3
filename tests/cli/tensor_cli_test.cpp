// warpscope-cli run on the bundled tensor-core scenarios: outputs against a CPU GEMM of the dumped inputs, the
// ldmatrix shared-memory counters (each 8×8 matrix is 8 rows of 16 bytes, passes by bank pattern), and the
// error for a device without tensor cores.
#include "tests/cli/cli_process.h"

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using testing_cli::kNoUserProfiles;
using testing_cli::readDump;
using testing_cli::runCli;
namespace fs = std::filesystem;

std::string tensorScenario(const char* name)
{
    return (fs::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios/tensor" / name).string();
}

/// IEEE binary16 bits to double (normal and zero values: the samples hold small integers).
double halfValue(std::uint16_t h)
{
    const int exponent = (h >> 10) & 0x1f;
    const double fraction = (h & 0x3ff) / 1024.0;
    const double magnitude = exponent == 0 ? std::ldexp(fraction, -14) : std::ldexp(1.0 + fraction, exponent - 15);
    return (h & 0x8000) ? -magnitude : magnitude;
}

/// C = A × B with A m×k row-major and B either n rows of k (`bRows`) or k rows of n.
int wrongElements(const std::vector<std::uint16_t>& a, const std::vector<std::uint16_t>& b, const std::vector<float>& c,
    int m, int n, int k, bool bRows)
{
    int wrong = 0;
    for (int i = 0; i < m; ++i) {
        for (int j = 0; j < n; ++j) {
            double s = 0;
            for (int x = 0; x < k; ++x)
                s += halfValue(a[static_cast<std::size_t>(i * k + x)])
                    * halfValue(b[static_cast<std::size_t>(bRows ? j * k + x : x * n + j)]);
            wrong += c[static_cast<std::size_t>(i * n + j)] != static_cast<float>(s);
        }
    }
    return wrong;
}

} // namespace

TEST(TensorCli, MmaLdmatrixScenarioEqualsACpuGemmAndCountsLdmatrixWavefronts)
{
    const fs::path dir = fs::temp_directory_path() / "warpscope-tensor-cli";
    fs::create_directories(dir);
    const auto run
        = runCli({"run", tensorScenario("mma_ldmatrix.json"), "--set", "m=32", "--set", "n=32", "--set", "k=32",
                     "--dump", "a=" + (dir / "a.bin").string(), "--dump", "b=" + (dir / "b.bin").string(), "--dump",
                     "c=" + (dir / "c.bin").string(), "--dump", "c_trans=" + (dir / "t.bin").string(), "--dump",
                     "c_pipe=" + (dir / "p.bin").string(), "--json"},
            kNoUserProfiles);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto a = readDump<std::uint16_t>(dir / "a.bin");
    const auto b = readDump<std::uint16_t>(dir / "b.bin");
    EXPECT_EQ(wrongElements(a, b, readDump<float>(dir / "c.bin"), 32, 32, 32, true), 0);
    EXPECT_EQ(wrongElements(a, b, readDump<float>(dir / "t.bin"), 32, 32, 32, false), 0);
    EXPECT_EQ(wrongElements(a, b, readDump<float>(dir / "p.bin"), 32, 32, 32, true), 0);
    const auto json = nlohmann::json::parse(run.out);
    // 8 warps × 2 steps of K × (ldmatrix.x4 for A + ldmatrix.x2 for B) = 32 requests. A's tile rows are 32 bytes
    // apart, so rows r and r + 4 of a matrix share banks: 2 passes per matrix, 8 for .x4, 4 for .x2 (12 per
    // step, 6 per request). B stored K rows of N is 16 contiguous bytes per row: .x2.trans takes 2 passes.
    const auto& plain = json["launches"][2];
    const auto& trans = json["launches"][3];
    EXPECT_EQ(plain["shared_load_requests"], 32);
    EXPECT_EQ(plain["shared_load_wavefronts"], 16 * 12);
    EXPECT_EQ(trans["shared_load_requests"], 32);
    EXPECT_EQ(trans["shared_load_wavefronts"], 16 * (8 + 2));
    // The cp.async double buffer: per warp and step two cp.async (A: 32 lanes of 16 bytes, 16 rows of 32 bytes;
    // B: 16 lanes), counted as global loads, none as shared stores; its ldmatrix as before.
    const auto& pipe = json["launches"][4];
    EXPECT_EQ(pipe["global_load_requests"], 16 * 2);
    EXPECT_EQ(pipe["shared_store_requests"], 0);
    EXPECT_EQ(pipe["shared_load_wavefronts"], 16 * 12);
    fs::remove_all(dir);
}

TEST(TensorCli, WmmaScenarioRefusesADeviceWithoutTensorCores)
{
    const auto run = runCli({"run", tensorScenario("wmma_gemm.json"), "--device", "m2090", "--set", "m=32", "--set",
                                "n=32", "--set", "k=32"},
        kNoUserProfiles);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("wmma.load.a.m16n16k16.f16 needs compute capability 7.0"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("(m2090) has 2.0 (it has no tensor cores)"), std::string::npos) << run.err;
}
