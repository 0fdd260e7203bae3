#include "tests/cli/cli_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using testing_cli::kNoUserProfiles;
using testing_cli::runCli;

nlohmann::json occupancyJson(const std::vector<std::string>& args)
{
    auto all = std::vector<std::string> { "occupancy", "--json" };
    all.insert(all.end(), args.begin(), args.end());
    const auto run = runCli(all, kNoUserProfiles);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    return nlohmann::json::parse(run.out);
}

TEST(OccupancyCli, H100With256ThreadsAnd32RegistersGives8Blocks)
{
    // The done criterion; also matches cudaOccupancyMaxActiveBlocksPerMultiprocessor on an H100.
    const auto json = occupancyJson({ "--device", "h100", "--block", "256", "--regs", "32", "--smem", "0" });
    EXPECT_EQ(json["blocks_per_sm"], 8);
    EXPECT_EQ(json["active_warps_per_sm"], 64);
    EXPECT_DOUBLE_EQ(json["occupancy"].get<double>(), 1.0);
    EXPECT_EQ(json["limited_by"], "warps");
}

TEST(OccupancyCli, SeedExampleOnV100)
{
    // best-practices-guide-current.txt §10.1.1: 320 threads, 37 registers → 4 blocks, 63 %.
    const auto json = occupancyJson({ "--device=v100", "--block=320", "--regs=37" });
    EXPECT_EQ(json["blocks_per_sm"], 4);
    EXPECT_DOUBLE_EQ(json["occupancy"].get<double>(), 0.625);
    EXPECT_EQ(json["limited_by"], "registers");
    EXPECT_TRUE(json["blocks_limit"]["shared_memory"].is_null());
}

TEST(OccupancyCli, CurvesAddTheThreeGraphs)
{
    const auto json = occupancyJson({ "--device", "g80", "--block", "128", "--regs", "12", "--curves" });
    EXPECT_EQ(json["curves"]["threads_per_block"].size(), 16u);
    EXPECT_EQ(json["curves"]["registers_per_thread"].size(), 124u);
    EXPECT_EQ(json["curves"]["shared_bytes_per_block"].size(), 33u);
}

TEST(OccupancyCli, BadInputIsOneLineWithExitCode2)
{
    struct Case {
        std::vector<std::string> args;
        std::string err;
    };
    const std::vector<Case> cases = {
        { { "--device", "h100", "--block", "2000" },
            "warpscope-cli occupancy: a block of 2000 threads is outside 1..1024 on h100 (CC 9.0)\n" },
        { { "--device", "gtx480", "--block", "256" },
            "warpscope-cli occupancy: unknown device 'gtx480' (known: g80, c1060, c2050, m2090, k20x, v100, a100, "
            "h100)\n" },
        { { "--device", "h100", "--block", "256x" }, "warpscope-cli occupancy: --block: expected an integer, got '256x'\n" },
        { { "--device", "h100" }, "warpscope-cli occupancy: missing required option --block\n" },
        { { "--block", "256" }, "warpscope-cli occupancy: missing required option --device\n" },
        { { "--device", "h100", "--block", "256", "--regs", "300" },
            "warpscope-cli occupancy: 300 registers per thread is outside 0..255 on h100\n" },
        { { "--device", "h100", "--block", "256", "--smem", "-1" },
            "warpscope-cli occupancy: --smem: -1 is outside 0..2147483647\n" },
    };
    for (const auto& c : cases) {
        auto args = std::vector<std::string> { "occupancy" };
        args.insert(args.end(), c.args.begin(), c.args.end());
        const auto run = runCli(args, kNoUserProfiles);
        EXPECT_EQ(run.exitCode, 2) << c.err;
        EXPECT_EQ(run.err, c.err);
        EXPECT_TRUE(run.out.empty());
    }
}

} // namespace
