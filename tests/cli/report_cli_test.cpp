#include "tests/cli/cli_process.h"
#include "tests/cli/synthetic_session.h"
#include "tests/model/store/store_test_support.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sstream>

namespace {

using testing_cli::runCli;

std::string reportedSession(const store_tests::TempDir& dir)
{
    return testing_cli::writeSyntheticSession(dir, {{2, 200, 20, 2, "offset_copy", {}}});
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(ReportCli, EveryFormatWritesItsFile)
{
    store_tests::TempDir dir("cli-report-formats");
    const auto db = reportedSession(dir);
    for (const std::string format : { "json", "csv", "html", "pdf" }) {
        const auto out = dir.file("report." + format).string();
        const auto run = runCli({ "report", db, "--format", format, "-o", out });
        ASSERT_EQ(run.exitCode, 0) << format << ": " << run.err;
        const auto text = readFile(out);
        ASSERT_FALSE(text.empty()) << format;
        if (format == "json") {
            EXPECT_EQ(nlohmann::json::parse(text)["launches"].size(), 2u);
        } else if (format == "csv") {
            EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3);
        } else if (format == "html") {
            EXPECT_NE(text.find("<svg "), std::string::npos);
        } else {
            EXPECT_EQ(text.rfind("%PDF-", 0), 0u);
        }
        EXPECT_FALSE(std::filesystem::exists(out + ".partial"));
    }
}

TEST(ReportCli, LinesGiveOneCsvRowPerPtxLine)
{
    store_tests::TempDir dir("cli-report-lines");
    const auto db = reportedSession(dir);
    const auto out = dir.file("lines.csv").string();
    const auto run = runCli({ "report", db, "--format", "csv", "--lines", "-o", out });
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto text = readFile(out);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1 + 2 * 5); // 5 lines per launch
}

TEST(ReportCli, OffsetSweepOnThreeDevicesRendersWithItsCharts)
{
    store_tests::TempDir dir("cli-report-sweep");
    const auto db = dir.file("sweep.wsdb").string();
    const auto scenario = std::string(WARPSCOPE_SOURCE_DIR) + "/resources/scenarios/offset_copy.json";
    const auto sweep = runCli({ "sweep", scenario, "--param", "offset=0:4", "--device", "g80,c2050,h100", "--set",
        "n=4096", "--csv", "--db", db });
    ASSERT_EQ(sweep.exitCode, 0) << sweep.err;
    EXPECT_NE(sweep.err.find("recorded as run 1"), std::string::npos) << sweep.err;
    const auto html = dir.file("sweep.html").string();
    ASSERT_EQ(runCli({ "report", db, "--format", "html", "-o", html }).exitCode, 0);
    const auto text = readFile(html);
    EXPECT_NE(text.find("Effective bandwidth against offset"), std::string::npos);
    EXPECT_NE(text.find("% of each device"), std::string::npos);
    EXPECT_NE(text.find("offset on g80, c2050, h100 (15 points)"), std::string::npos);
    const auto pdf = dir.file("sweep.pdf").string();
    ASSERT_EQ(runCli({ "report", db, "--format", "pdf", "-o", pdf }).exitCode, 0);
    EXPECT_EQ(readFile(pdf).rfind("%PDF-", 0), 0u);
}

TEST(ReportCli, BadUsageIsExitCode2)
{
    store_tests::TempDir dir("cli-report-usage");
    const auto db = reportedSession(dir);
    const auto out = dir.file("r.txt").string();
    const auto format = runCli({ "report", db, "--format", "docx", "-o", out });
    EXPECT_EQ(format.exitCode, 2);
    EXPECT_NE(format.err.find("pdf, html, json, csv"), std::string::npos) << format.err;
    EXPECT_EQ(runCli({ "report", db, "--format", "html", "--lines", "-o", out }).exitCode, 2);
    EXPECT_EQ(runCli({ "report", db, "--format", "html" }).exitCode, 2);
    const auto missing = runCli({ "report", dir.file("none.wsdb").string(), "--format", "html", "-o", out });
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_NE(missing.err.find("none.wsdb"), std::string::npos) << missing.err;
    EXPECT_FALSE(std::filesystem::exists(out));
}

} // namespace
