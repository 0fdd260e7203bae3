#include "tests/cli/cli_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace {

using testing_cli::runCli;

const std::map<std::string, std::string> kNoUserProfiles { { "XDG_CONFIG_HOME", "/nonexistent-warpscope-test" } };

std::string offsetScenario()
{
    // A copy of the bundled scenario at n = 4096, so each point runs in milliseconds.
    const auto path = std::filesystem::temp_directory_path() / "warpscope-sweep-offset.json";
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

} // namespace
