// Output targets that are not plain files, and databases that are not whole: trace, report and runs exit 2
// with one line, and never replace a device node, a symbolic link or the database they read.
#include "tests/cli/cli_process.h"
#include "tests/cli/synthetic_session.h"
#include "tests/model/store/store_test_support.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

namespace {

using testing_cli::CliRun;
using testing_cli::runCli;
namespace fs = std::filesystem;

std::string oneRunSession(const store_tests::TempDir& dir)
{
    return testing_cli::writeSyntheticSession(dir, {{1, 100, 10, 2, "offset_copy", {}}});
}

void expectOneLine(const CliRun& run, const std::string& needle)
{
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find(needle), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
}

TEST(BadOutputCli, DeviceNodeIsRefusedNotReplaced)
{
    store_tests::TempDir dir("cli-bad-output-device");
    const auto db = oneRunSession(dir);
    expectOneLine(runCli({"trace", db, "-o", "/dev/full"}), "/dev/full: is a character device, not a regular file");
    expectOneLine(runCli({"report", db, "--format", "json", "-o", "/dev/full"}), "/dev/full: is a character device");
    EXPECT_TRUE(fs::is_character_file("/dev/full"));
    expectOneLine(runCli({"trace", db, "-o", dir.path().string()}), "is a directory");
}

TEST(BadOutputCli, SymbolicLinkKeepsPointingAtTheNewFile)
{
    store_tests::TempDir dir("cli-bad-output-link");
    const auto db = oneRunSession(dir);
    const auto real = dir.file("real.json");
    std::ofstream(real) << "old";
    const auto link = dir.file("link.json");
    fs::create_symlink(real, link);
    const auto run = runCli({"trace", db, "-o", link.string()});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_GT(fs::file_size(real), 100u);
}

TEST(BadOutputCli, TheDatabaseItselfIsNotAnOutput)
{
    store_tests::TempDir dir("cli-bad-output-self");
    const auto db = oneRunSession(dir);
    const auto size = fs::file_size(db);
    expectOneLine(runCli({"report", db, "--format", "html", "-o", db}), "is the database being read");
    expectOneLine(runCli({"trace", db, "-o", db}), "is the database being read");
    EXPECT_EQ(fs::file_size(db), size);
    EXPECT_EQ(runCli({"runs", db}).exitCode, 0);
}

TEST(BadOutputCli, DroppedTableIsNamed)
{
    store_tests::TempDir dir("cli-bad-output-dropped");
    const auto db = oneRunSession(dir);
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(handle, "DROP TABLE launches", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(handle);
    const auto run = runCli({"runs", db});
    expectOneLine(run, "launches");
    EXPECT_EQ(run.err.find("SQL logic error"), std::string::npos) << run.err;
}

TEST(BadOutputCli, RunsNameTheDeviceOfARecordedRun)
{
    store_tests::TempDir dir("cli-bad-output-device-name");
    const auto db = dir.file("session.wsdb").string();
    const auto scenario = (fs::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios/offset_copy.json").string();
    const std::map<std::string, std::string> noUserProfiles {{"XDG_CONFIG_HOME", "/nonexistent-warpscope-test"}};
    const auto run = runCli({"run", scenario, "--device", "v100", "--set", "n=1024", "--db", db}, noUserProfiles);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto runs = runCli({"runs", db, "--json"});
    ASSERT_EQ(runs.exitCode, 0) << runs.err;
    const auto json = nlohmann::json::parse(runs.out);
    EXPECT_EQ(json["runs"][0]["device_name"], "Tesla V100-SXM2-16GB (Volta GV100)") << runs.out;
}

TEST(BadOutputCli, DirectoryAsDatabaseIsNamed)
{
    store_tests::TempDir dir("cli-bad-output-dir");
    expectOneLine(runCli({"runs", dir.path().string()}), "is a directory, not a session database");
}

} // namespace
