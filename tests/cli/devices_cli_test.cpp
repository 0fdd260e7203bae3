#include "tests/cli/cli_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace {

using testing_cli::runCli;
namespace fs = std::filesystem;

/// A private XDG_CONFIG_HOME so the user's own profiles never leak into a test.
class CliConfig : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_config = fs::temp_directory_path()
            / ("warpscope-cli-config-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(m_config);
        fs::create_directories(m_config / "warpscope" / "devices");
    }
    void TearDown() override { fs::remove_all(m_config); }
    std::map<std::string, std::string> env() const { return { { "XDG_CONFIG_HOME", m_config.string() } }; }
    fs::path profileDir() const { return m_config / "warpscope" / "devices"; }

    fs::path m_config;
};

TEST_F(CliConfig, DevicesJsonListsEveryProfile)
{
    const auto run = runCli({ "devices", "--json" }, env());
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto json = nlohmann::json::parse(run.out);
    std::vector<std::string> ids;
    for (const auto& device : json["devices"])
        ids.push_back(device["id"]);
    EXPECT_EQ(ids, (std::vector<std::string> { "g80", "c1060", "c2050", "m2090", "k20x", "v100", "a100", "h100" }));
    EXPECT_EQ(json["devices"][5]["compute_capability"], "7.0");
    EXPECT_NEAR(json["devices"][3]["theoretical_bandwidth_gbps"].get<double>(), 177.6, 1e-9);
    EXPECT_EQ(json["devices"][3]["ecc"], true); // the M2090 as the guide measured it
    EXPECT_EQ(json["devices"][4]["ecc"], false); // the K20X likewise
}

TEST_F(CliConfig, DevicesTextIsATable)
{
    const auto run = runCli({ "devices" }, env());
    ASSERT_EQ(run.exitCode, 0);
    EXPECT_NE(run.out.find("h100"), std::string::npos);
    EXPECT_EQ(run.out.rfind("id ", 0), 0u);
}

TEST_F(CliConfig, BrokenUserProfileIsOneLineAndExitCode2)
{
    std::ofstream(profileDir() / "mine.json") << "{\"id\": \"mine\", \"name\": 3}";
    const auto run = runCli({ "devices", "--json" }, env());
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.out.empty());
    const auto expected = "warpscope-cli: device profile " + (profileDir() / "mine.json").string()
        + ": /name: expected a string, found number\n";
    EXPECT_EQ(run.err, expected);
}

TEST_F(CliConfig, UserProfileShowsUp)
{
    std::ifstream in(fs::path(WARPSCOPE_SOURCE_DIR) / "resources/devices/a100.json");
    auto json = nlohmann::json::parse(in);
    json["id"] = "a100-80gb";
    json["memory"]["bytes"] = 85899345920LL;
    std::ofstream(profileDir() / "a100-80gb.json") << json.dump();
    const auto run = runCli({ "devices", "--json" }, env());
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("\"a100-80gb\""), std::string::npos);
}

TEST(CliUsage, HelpListsCommandsAndExitsZero)
{
    const auto run = runCli({ "--help" });
    EXPECT_EQ(run.exitCode, 0);
    EXPECT_NE(run.out.find("occupancy"), std::string::npos);
    EXPECT_NE(run.out.find("devices"), std::string::npos);
}

TEST(CliUsage, EverySubcommandHasHelp)
{
    for (const std::string command : { "devices", "occupancy" }) {
        const auto run = runCli({ command, "--help" });
        EXPECT_EQ(run.exitCode, 0) << command;
        EXPECT_EQ(run.out.rfind("usage: warpscope-cli " + command, 0), 0u) << run.out;
    }
}

TEST(CliUsage, UnknownCommandAndOptionExit2)
{
    auto run = runCli({ "frobnicate" });
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err, "warpscope-cli: unknown command 'frobnicate' (see warpscope-cli --help)\n");
    run = runCli({ "devices", "--jsn" });
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err, "warpscope-cli devices: unknown option --jsn\n");
    EXPECT_EQ(runCli({}).exitCode, 2);
}

} // namespace
