#include "tests/cli/cli_process.h"
#include "tests/cli/synthetic_session.h"
#include "tests/model/store/store_test_support.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using testing_cli::runCli;

std::string tracedSession(const store_tests::TempDir& dir)
{
    return testing_cli::writeSyntheticSession(
        dir, {{1, 100, 10, 2, "offset_copy", {}}, {2, 300, 10, 2, "stride_copy", {}}});
}

std::size_t warpEvents(const std::string& file)
{
    std::ifstream in(file);
    const auto json = nlohmann::json::parse(in);
    std::size_t count = 0;
    for (const auto& e : json["traceEvents"])
        count += e.value("cat", "") == "warp" ? 1u : 0u;
    return count;
}

TEST(TraceCli, DefaultsToTheLatestRun)
{
    store_tests::TempDir dir("cli-trace-latest");
    const auto db = tracedSession(dir);
    const auto out = dir.file("trace.json").string();
    const auto run = runCli({ "trace", db, "-o", out });
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(warpEvents(out), 600u);
    EXPECT_FALSE(std::filesystem::exists(out + ".partial"));
}

TEST(TraceCli, RunOptionPicksTheRun)
{
    store_tests::TempDir dir("cli-trace-run");
    const auto db = tracedSession(dir);
    const auto out = dir.file("trace.json").string();
    const auto run = runCli({ "trace", db, "--run", "1", "--output", out });
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(warpEvents(out), 100u);
}

TEST(TraceCli, UnknownRunIsOneLineAndExitCode2)
{
    store_tests::TempDir dir("cli-trace-bad-run");
    const auto db = tracedSession(dir);
    const auto out = dir.file("trace.json").string();
    const auto run = runCli({ "trace", db, "--run", "7", "-o", out });
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("no complete run with id 7"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("session.wsdb"), std::string::npos) << run.err;
    EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(TraceCli, MissingOutputIsAUsageError)
{
    store_tests::TempDir dir("cli-trace-usage");
    const auto db = tracedSession(dir);
    const auto run = runCli({ "trace", db });
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("--output"), std::string::npos) << run.err;
}

TEST(TraceCli, UnwritableOutputIsOneLineAndExitCode2)
{
    store_tests::TempDir dir("cli-trace-unwritable");
    const auto db = tracedSession(dir);
    const auto out = dir.file("no/such/folder/trace.json").string();
    const auto run = runCli({ "trace", db, "-o", out });
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("cannot create the file"), std::string::npos) << run.err;
}

} // namespace
