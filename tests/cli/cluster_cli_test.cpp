// warpscope-cli run on the bundled thread-block cluster scenario: both kernels against a CPU reference, and a
// device without clusters refused with the reason.
#include "tests/cli/cli_process.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

namespace {

using testing_cli::kNoUserProfiles;
using testing_cli::readDump;
using testing_cli::runCli;
namespace fs = std::filesystem;

const fs::path kScenario = fs::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios/cluster_exchange.json";

} // namespace

TEST(ClusterCli, DistributedSharedMemoryKernelsEqualACpuReference)
{
    const fs::path dir = fs::temp_directory_path() / "warpscope-cluster-cli";
    fs::create_directories(dir);
    const auto run = runCli({"run", kScenario.string(), "--set", "blocks=16", "--set", "cluster=8", "--dump",
                                "exchanged=" + (dir / "ex.bin").string(), "--dump", "summed=" + (dir / "sum.bin").string()},
        kNoUserProfiles);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto exchanged = readDump<std::int32_t>(dir / "ex.bin");
    const auto summed = readDump<std::int32_t>(dir / "sum.bin");
    ASSERT_EQ(exchanged.size(), 16u * 256);
    for (int b = 0; b < 16; ++b) {
        for (int t = 0; t < 256; ++t) {
            const auto i = static_cast<std::size_t>(b * 256 + t);
            ASSERT_EQ(exchanged[i], ((b ^ 1) * 256 + 255 - t) * 10 + b % 2 + 2) << "block " << b << " thread " << t;
            int sum = 0;
            for (int r = 0; r < 8; ++r)
                sum += (b / 8 * 8 + r) * 256 + t;
            ASSERT_EQ(summed[i], sum + 1000 * (b % 8) + 800000) << "block " << b << " thread " << t;
        }
    }
    fs::remove_all(dir);
}

TEST(ClusterCli, ClustersNeedCompute90)
{
    const auto run = runCli({"run", kScenario.string(), "--device", "a100", "--set", "blocks=8"}, kNoUserProfiles);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("thread-block clusters need compute capability 9.0"), std::string::npos) << run.err;
}
