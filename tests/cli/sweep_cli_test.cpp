#include "tests/cli/cli_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace {

using testing_cli::kNoUserProfiles;
using testing_cli::runCli;

std::string offsetScenario()
{
    // A copy of the bundled scenario at n = 4096, so each point runs in milliseconds; one file per test, as ctest runs
    // the tests of this file side by side (a shared one was rewritten while another test's sweep read it).
    const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    const auto path = std::filesystem::temp_directory_path() / ("warpscope-sweep-offset-" + test + ".json");
    const auto bundled = std::filesystem::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios/offset_copy.json";
    std::ifstream in(bundled);
    auto json = nlohmann::json::parse(in);
    json["module"] = (bundled.parent_path() / "../kernels/offset_copy.cu").string();
    json["params"]["n"] = 4096;
    std::ofstream(path) << json.dump();
    return path.string();
}

TEST(SweepCli, PointsComeBackOrderedAndIndependentOfThreads)
{
    const auto scenario = offsetScenario();
    const auto one = runCli({ "sweep", scenario, "--param", "offset=0:2", "--device", "h100,g80", "--json", "--threads", "1" },
        kNoUserProfiles);
    ASSERT_EQ(one.exitCode, 0) << one.err;
    const auto two = runCli({ "sweep", scenario, "--param", "offset=0:2", "--device", "h100,g80", "--json", "--threads", "2" },
        kNoUserProfiles);
    EXPECT_EQ(one.out, two.out);
    const auto json = nlohmann::json::parse(one.out);
    ASSERT_EQ(json["points"].size(), 6u);
    EXPECT_EQ(json["points"][0]["device"], "h100");
    EXPECT_EQ(json["points"][4]["device"], "g80");
    EXPECT_EQ(json["points"][4]["value"], 1);
    // h100: 4 then 5 sectors per request; g80: 2 then 32 transactions per request (DIGEST §2.6).
    EXPECT_EQ(json["points"][0]["run"]["launches"][0]["global_load_sectors"], 4 * 128);
    EXPECT_EQ(json["points"][1]["run"]["launches"][0]["global_load_sectors"], 5 * 128);
    EXPECT_EQ(json["points"][3]["run"]["launches"][0]["global_load_transactions"], 2 * 128);
    EXPECT_EQ(json["points"][4]["run"]["launches"][0]["global_load_transactions"], 32 * 128);
}

TEST(SweepCli, CsvHasOneRowPerPointAndLaunch)
{
    const auto run = runCli({ "sweep", offsetScenario(), "--param", "offset=0:3", "--device", "v100", "--csv" }, kNoUserProfiles);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 5);
    EXPECT_EQ(run.out.rfind("device,offset,launch,kernel,", 0), 0u);
}

TEST(SweepCli, BadRangesAndDevicesExit2)
{
    const auto scenario = offsetScenario();
    for (const auto& args : std::vector<std::vector<std::string>> {
             { "sweep", scenario, "--param", "offset=5:1", "--device", "h100", "--csv" },
             { "sweep", scenario, "--param", "offset=0:x", "--device", "h100", "--csv" },
             { "sweep", scenario, "--param", "offset=0:2", "--device", "h100,nope", "--csv" },
             { "sweep", scenario, "--param", "offset=0:2", "--device", "h100" },
             { "sweep", scenario, "--param", "stride=0:2", "--device", "h100", "--csv" },
         }) {
        const auto run = runCli(args, kNoUserProfiles);
        EXPECT_EQ(run.exitCode, 2) << args[3];
        EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    }
}

TEST(SweepCli, LargeGridsAreSampledUnlessExact)
{
    // 1024 blocks are 21 waves on g80: the sweep samples them by default and says so; --exact runs them all.
    const auto scenario = offsetScenario();
    const std::vector<std::string> args { "sweep", scenario, "--param", "offset=1:1", "--device", "g80", "--set",
        "n=262144", "--json" };
    const auto sampled = runCli(args, kNoUserProfiles);
    ASSERT_EQ(sampled.exitCode, 0) << sampled.err;
    auto exactArgs = args;
    exactArgs.push_back("--exact");
    const auto exact = runCli(exactArgs, kNoUserProfiles);
    ASSERT_EQ(exact.exitCode, 0) << exact.err;
    const auto s = nlohmann::json::parse(sampled.out)["points"][0]["run"];
    const auto e = nlohmann::json::parse(exact.out)["points"][0]["run"];
    EXPECT_EQ(s["launches"][0]["sampled"], true);
    EXPECT_LT(s["launches"][0]["simulated_blocks"].get<int>(), 1024);
    EXPECT_EQ(s["outputs_complete"], false);
    EXPECT_EQ(e["launches"][0]["sampled"], false);
    EXPECT_EQ(e["launches"][0]["simulated_blocks"], 1024);
    EXPECT_EQ(e["outputs_complete"], true);
    const double ratio = s["launches"][0]["cycles"].get<double>() / e["launches"][0]["cycles"].get<double>();
    EXPECT_NEAR(ratio, 1.0, 0.02);
    EXPECT_EQ(s["launches"][0]["warp_instructions"], e["launches"][0]["warp_instructions"]);
}

TEST(SweepCli, RunSampleRefusesDump)
{
    const auto run = runCli({ "run", offsetScenario(), "--sample", "--dump", "odata=/tmp/warpscope-never.bin" },
        kNoUserProfiles);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("--sample"), std::string::npos) << run.err;
}

} // namespace
