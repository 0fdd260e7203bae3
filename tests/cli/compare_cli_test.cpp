#include "tests/cli/cli_process.h"
#include "tests/cli/synthetic_session.h"
#include "tests/model/store/store_test_support.h"

#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using testing_cli::runCli;

std::string twoRunSession(const store_tests::TempDir& dir)
{
    return testing_cli::writeSyntheticSession(
        dir, {{1, 50, 10, 2, "offset_copy", {}}, {2, 50, 10, 2, "stride_copy", {}}});
}

TEST(CompareCli, TwoRunsAsJson)
{
    store_tests::TempDir dir("cli-compare-json");
    const auto run = runCli({"compare", twoRunSession(dir), "1", "2", "--json"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto json = nlohmann::json::parse(run.out);
    EXPECT_EQ(json["run_a"]["scenario"], "scenarios/offset_copy.json");
    EXPECT_EQ(json["total_time_us"]["a"], 10.0);
    EXPECT_EQ(json["total_time_us"]["b"], 20.0);
    EXPECT_EQ(json["total_time_us"]["relative"], 1.0);
    ASSERT_EQ(json["launches"].size(), 2u);
    EXPECT_TRUE(json["launches"][1]["metrics"][0]["a"].is_null());
}

TEST(CompareCli, AgainstAnNcuExportAsText)
{
    store_tests::TempDir dir("cli-compare-ncu");
    const auto db = twoRunSession(dir);
    const auto csv = dir.file("ncu.csv").string();
    std::ofstream(csv) << "\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
                          "\"0\",\"offsetCopy(float *, float *, int)\",\"(256, 1, 1)\",\"(64, 1, 1)\","
                          "\"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum\",\"request\",\"40\"\n";
    const auto run = runCli({ "compare", db, "1", "--ncu", csv });
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("global_load_requests"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("+5.0 %"), std::string::npos) << run.out; // model 42 against measured 40
}

TEST(CompareCli, BadInputIsOneLineAndExitCode2)
{
    store_tests::TempDir dir("cli-compare-bad");
    const auto db = twoRunSession(dir);
    EXPECT_EQ(runCli({ "compare", db, "1" }).exitCode, 2);
    EXPECT_EQ(runCli({ "compare", db, "1", "two" }).exitCode, 2);
    const auto missing = runCli({ "compare", db, "1", "5" });
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_NE(missing.err.find("no complete run with id 5"), std::string::npos) << missing.err;
    const auto csv = dir.file("broken.csv").string();
    std::ofstream(csv) << "just some text\n";
    const auto broken = runCli({ "compare", db, "1", "--ncu", csv });
    EXPECT_EQ(broken.exitCode, 2);
    EXPECT_NE(broken.err.find("broken.csv"), std::string::npos) << broken.err;
}

} // namespace
