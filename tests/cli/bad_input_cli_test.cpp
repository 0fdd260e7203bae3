// Hostile input to run, sweep and ptx: each case exits 2 with one line on stderr that names the cause,
// never a crash, an abort, a hang or a silently wrong result.
#include "tests/cli/cli_process.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using testing_cli::CliRun;
using testing_cli::kNoUserProfiles;
using testing_cli::runCli;
namespace fs = std::filesystem;

/// A scratch folder with a copy of the offset-copy scenario whose module is the shipped PTX.
class BadInput : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_dir = fs::temp_directory_path() / ("warpscope-bad-input-" + std::to_string(::getpid()));
        fs::create_directories(m_dir);
        std::ifstream in(fs::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios/offset_copy.json");
        m_scenario = nlohmann::json::parse(in);
        m_scenario["module"] = (fs::path(WARPSCOPE_SOURCE_DIR) / "resources/kernels/sm_75/offset_copy.ptx").string();
        m_scenario["params"]["n"] = 1024;
    }
    void TearDown() override { fs::remove_all(m_dir); }

    std::string write(const std::string& name, const std::string& text) const
    {
        std::ofstream(m_dir / name) << text;
        return (m_dir / name).string();
    }
    std::string scenario(const nlohmann::json& json) const { return write("scenario.json", json.dump()); }

    static void expectOneLine(const CliRun& run, const std::string& needle)
    {
        EXPECT_EQ(run.exitCode, 2) << run.err;
        EXPECT_NE(run.err.find(needle), std::string::npos) << run.err;
        EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
        EXPECT_LT(run.err.size(), 400u) << run.err;
    }

    fs::path m_dir;
    nlohmann::json m_scenario;
};

TEST_F(BadInput, DeepExpressionIsAnErrorNotAStackOverflow)
{
    auto json = m_scenario;
    json["buffers"]["odata"]["count"] = std::string(26000, '(') + "n + 32" + std::string(26000, ')');
    expectOneLine(runCli({"run", scenario(json)}, kNoUserProfiles), "nested more than 256 levels deep");
    json["buffers"]["odata"]["count"] = std::string(160001, '-') + "n";
    expectOneLine(runCli({"run", scenario(json)}, kNoUserProfiles), "nested more than 256 levels deep");
}

TEST_F(BadInput, NumberBeyondADoubleIsLocatedInRunAndSweep)
{
    auto text = m_scenario.dump(1);
    text.replace(text.find("\"offset\": 0"), 11, "\"offset\": -1e999");
    const auto file = write("scenario.json", text);
    expectOneLine(runCli({"run", file}, kNoUserProfiles), "number -1e999 is out of the range of a double");
    expectOneLine(runCli({"sweep", file, "--param", "n=1024:2048:1024", "--device", "v100", "--csv"}, kNoUserProfiles),
        "number -1e999 is out of the range of a double");
}

TEST_F(BadInput, NumberBeyondADoubleInAUserProfileNamesTheFile)
{
    const auto devices = m_dir / "config/warpscope/devices";
    fs::create_directories(devices);
    std::ofstream(devices / "mine.json") << "{\"id\": \"mine\", \"clock\": 1e999}";
    const auto run = runCli({"devices"}, {{"XDG_CONFIG_HOME", (m_dir / "config").string()}});
    expectOneLine(run, (devices / "mine.json").string() + ":1:");
}

TEST_F(BadInput, DuplicateKeyIsAnError)
{
    auto text = m_scenario.dump(1);
    text.replace(text.find("\"offset\": 0"), 11, "\"offset\": 0, \"offset\": 1");
    expectOneLine(runCli({"run", write("scenario.json", text)}, kNoUserProfiles),
        "/params/offset: key \"offset\" appears twice in this object");
}

TEST_F(BadInput, FillValuesOutOfRangeAreErrorsNotWraps)
{
    auto json = m_scenario;
    json["buffers"]["odata"]["type"] = "u8";
    json["buffers"]["odata"]["init"] = 256;
    expectOneLine(runCli({"run", scenario(json)}, kNoUserProfiles),
        "/buffers/odata/init: fill value 256 is outside u8's range 0..2^8-1");
    json["buffers"]["odata"]["type"] = "i32";
    json["buffers"]["odata"]["init"] = 1.5;
    expectOneLine(runCli({"run", scenario(json)}, kNoUserProfiles), "fill value 1.5 is not a whole number");
}

TEST_F(BadInput, FifoAsModuleOrInitFileIsRefusedNotWaitedOn)
{
    const auto fifo = m_dir / "pipe.ptx";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    auto json = m_scenario;
    json["module"] = fifo.string();
    expectOneLine(runCli({"run", scenario(json)}, kNoUserProfiles), fifo.string() + ": is a FIFO, not a regular file");
    expectOneLine(runCli({"ptx", fifo.string()}), "is a FIFO, not a regular file");
    json = m_scenario;
    json["buffers"]["idata"]["init"] = nlohmann::json {{"file", fifo.string()}};
    expectOneLine(runCli({"run", scenario(json)}, kNoUserProfiles), "init file of buffer 'idata' is a FIFO");
    expectOneLine(runCli({"run", fifo.string()}, kNoUserProfiles), "is a FIFO, not a regular file");
}

TEST_F(BadInput, SweepRangeEndingAtInt64MaxEnds)
{
    // Once an endless loop: `v += step` wrapped past INT64_MAX. Now eight points, the first failing cleanly.
    const auto run = runCli({"sweep", scenario(m_scenario), "--param", "offset=9223372036854775800:9223372036854775807",
                                "--device", "v100", "--csv", "--functional"},
        kNoUserProfiles);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find("offset=9223372036854775"), std::string::npos) << run.err;
}

TEST_F(BadInput, SweepTakesABudget)
{
    const auto run = runCli({"sweep", scenario(m_scenario), "--param", "offset=0:1", "--device", "v100", "--csv",
                                "--functional", "--budget", "10"},
        kNoUserProfiles);
    expectOneLine(run, "instruction budget of 10 warp instructions exhausted");
}

TEST_F(BadInput, EmptyOptionValueIsAUsageError)
{
    expectOneLine(runCli({"run", scenario(m_scenario), "--device", ""}, kNoUserProfiles),
        "option --device needs a value (ID), not an empty string");
}

TEST_F(BadInput, DatabaseIsCheckedBeforeTheRun)
{
    const auto file = scenario(m_scenario);
    expectOneLine(runCli({"run", file, "--db", m_dir.string()}, kNoUserProfiles),
        m_dir.string() + ": is a directory, not a session database");
    expectOneLine(runCli({"sweep", file, "--param", "offset=0:1", "--device", "v100", "--csv", "--db",
                             (m_dir / "no/such/folder/s.wsdb").string()},
                      kNoUserProfiles),
        "cannot create the database: no folder");
}

TEST_F(BadInput, UnknownArchitectureIsAnErrorNotSm75)
{
    if (!fs::exists("/usr/local/cuda/bin/nvcc"))
        GTEST_SKIP() << "nvcc not installed";
    const auto cu = (fs::path(WARPSCOPE_SOURCE_DIR) / "resources/kernels/offset_copy.cu").string();
    expectOneLine(
        runCli({"ptx", cu, "--arch", "sm_999"}, {{"XDG_CACHE_HOME", m_dir.string()}}), "cannot compile for sm_999");
}

TEST_F(BadInput, NvccErrorIsOneLocatedLine)
{
    if (!fs::exists("/usr/local/cuda/bin/nvcc"))
        GTEST_SKIP() << "nvcc not installed";
    const auto cu = write("broken.cu", "__global__ void k(float* a)\n{\n    a[0] = undeclared;\n}\n");
    expectOneLine(runCli({"ptx", cu}, {{"XDG_CACHE_HOME", m_dir.string()}}),
        cu + ":3: nvcc: identifier \"undeclared\" is undefined");
}

} // namespace
