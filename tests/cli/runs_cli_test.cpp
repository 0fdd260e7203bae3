#include "tests/cli/cli_process.h"
#include "tests/cli/synthetic_session.h"
#include "tests/model/store/store_test_support.h"

#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using testing_cli::runCli;

/// A session database with two complete runs and one left open (which must not be listed).
std::string listedSession(const store_tests::TempDir& dir)
{
    return testing_cli::writeSyntheticSession(dir,
        {{2, 100, 10, 2, "offset_copy", {}}, {1, 100, 10, 2, "stride_copy", {}}}, {{1, 100, 10, 2, "unfinished", {}}});
}

TEST(RunsCli, AFailedSweepKeepsItsFinishedPointsInTheDatabase)
{
    // One worker, points in order; the budget lets n = 1024..5120 finish and stops n = 6144 (the error names it).
    store_tests::TempDir dir("cli-runs-partial-sweep");
    const auto db = dir.file("sweep.wsdb").string();
    const auto scenario = dir.file("offset.json").string();
    const auto bundled = std::string(WARPSCOPE_SOURCE_DIR) + "/resources/scenarios/offset_copy.json";
    auto json = nlohmann::json::parse(std::ifstream(bundled));
    json["module"] = std::string(WARPSCOPE_SOURCE_DIR) + "/resources/kernels/offset_copy.cu";
    std::ofstream(scenario) << json.dump();
    const auto run = runCli({"sweep", scenario, "--param", "n=1024:8192:1024", "--device", "v100", "--threads",
                                "1", "--budget", "3000", "--functional", "--csv", "--db", db},
        {{"XDG_CONFIG_HOME", dir.file("no-profiles").string()}});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("recorded 5 of 8 point(s) as run 1 in " + db), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("v100, n=6144: "), std::string::npos) << run.err;
    const auto runs = runCli({"runs", db, "--json"});
    ASSERT_EQ(runs.exitCode, 0) << runs.err;
    const auto listed = nlohmann::json::parse(runs.out);
    ASSERT_EQ(listed["runs"].size(), 1u);
    EXPECT_EQ(listed["runs"][0]["sweep_points"], 5);
    EXPECT_EQ(listed["runs"][0]["sweep_points_planned"], 8);
}

TEST(RunsCli, JsonListsCompleteRuns)
{
    store_tests::TempDir dir("cli-runs-json");
    const auto path = listedSession(dir);
    const auto run = runCli({ "runs", path, "--json" });
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto json = nlohmann::json::parse(run.out);
    ASSERT_EQ(json["runs"].size(), 2u);
    const auto& first = json["runs"][0];
    EXPECT_EQ(first["id"], 1);
    EXPECT_EQ(first["date"], "2025-01-31T12:00:00Z");
    EXPECT_EQ(first["scenario"], "scenarios/offset_copy.json");
    EXPECT_EQ(first["device"], "v100");
    EXPECT_EQ(first["launches"], 2);
    EXPECT_EQ(first["parameters"]["offset"], 3);
    EXPECT_EQ(json["runs"][1]["scenario"], "scenarios/stride_copy.json");
}

TEST(RunsCli, TextIsATable)
{
    store_tests::TempDir dir("cli-runs-text");
    const auto path = listedSession(dir);
    const auto run = runCli({ "runs", path });
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.out.rfind("id ", 0), 0u);
    EXPECT_NE(run.out.find("scenarios/stride_copy.json"), std::string::npos);
    EXPECT_EQ(run.out.find("unfinished"), std::string::npos);
}

TEST(RunsCli, NotADatabaseIsOneLineAndExitCode2)
{
    store_tests::TempDir dir("cli-runs-bad");
    const auto path = dir.file("notes.txt").string();
    std::ofstream(path) << "not a database" << std::string(2000, '.');
    const auto run = runCli({ "runs", path, "--json" });
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.out.empty());
    EXPECT_EQ(run.err,
        "warpscope-cli: " + path + ": cannot read the database: not a warpscope database (the file is not SQLite)\n");
}

TEST(RunsCli, UsageErrors)
{
    auto run = runCli({ "runs" });
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err, "warpscope-cli runs: runs takes one database file\n");
    run = runCli({ "runs", "--help" });
    EXPECT_EQ(run.exitCode, 0);
    EXPECT_EQ(run.out.rfind("usage: warpscope-cli runs DB", 0), 0u);
}

} // namespace
