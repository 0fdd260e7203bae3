// Reports of a stored run: JSON with every number, CSV with the generation's profiler column names, and
// self-contained HTML with SVG charts.
#include "model/chart/svg_chart.h"
#include "model/report/report_charts.h"
#include "model/report/report_writers.h"
#include "model/store/trace_reader.h"
#include "model/store/trace_writer.h"
#include "tests/model/store/store_test_support.h"

#include <gtest/gtest.h>

#include <regex>
#include <sstream>

namespace {

using store_tests::RunShape;
using store_tests::TempDir;

model::ReportData loadSynthetic(const TempDir& dir, const RunShape& shape)
{
    const auto path = dir.file("session.wsdb").string();
    {
        auto writer = model::TraceWriter::open(path);
        EXPECT_TRUE(writer.ok());
        store_tests::sendRun(*writer.value(), shape);
        EXPECT_TRUE(writer.value()->flush().ok());
    }
    auto reader = model::TraceReader::open(path);
    EXPECT_TRUE(reader.ok());
    auto data = model::loadReportData(reader.value(), 1);
    EXPECT_TRUE(data.ok()) << data.error().toString();
    return std::move(data).value();
}

TEST(ReportData, LaunchesCarryOccupancyEfficiencyAndHottestLines)
{
    TempDir dir("report-data");
    const auto data = loadSynthetic(dir, RunShape { 2, 100, 64, 2, "offset", {} });
    EXPECT_EQ(data.device.id, "v100"); // the stored profile text is partial: the built-in v100 stands in
    ASSERT_EQ(data.launches.size(), 2u);
    const auto& launch = data.launches[0];
    EXPECT_EQ(launch.kernel.name, "offsetCopy");
    EXPECT_EQ(launch.occupancyInput.threadsPerBlock, 256);
    EXPECT_EQ(launch.occupancyInput.registersPerThread, 12);
    EXPECT_EQ(launch.occupancyInput.sharedBytesPerBlock, 1024);
    ASSERT_TRUE(launch.occupancy.has_value());
    EXPECT_EQ(launch.occupancy->blocksPerSm, 8); // V100: 2048 threads / 256 (Programming Guide CC 7.0 limits)
    // sendRun's global loads: even requests i (i % 3 != 0) ask 128 bytes and touch 4 + i % 5 sectors.
    std::uint64_t bytes = 0;
    std::uint64_t sectors = 0;
    for (std::uint32_t i = 0; i < 64; ++i)
        if (i % 3 != 0 && i % 2 == 0) {
            bytes += 128;
            sectors += 4 + i % 5;
        }
    ASSERT_TRUE(launch.loadEfficiency.has_value());
    EXPECT_DOUBLE_EQ(*launch.loadEfficiency, static_cast<double>(bytes) / (32.0 * static_cast<double>(sectors)));
    // Ten PCs on lines 20..24, two per line; the busiest line (24: PCs 8 and 9) comes first.
    ASSERT_EQ(launch.lines.size(), 5u);
    ASSERT_EQ(launch.hottestLines.size(), 5u);
    EXPECT_EQ(launch.hottestLines.front().counters.ptxLine, 24u);
    EXPECT_EQ(launch.hottestLines.front().counters.warpInstructions, 108u + 109u);
    EXPECT_NE(launch.guidance.find("Best Practices Guide"), std::string::npos) << launch.guidance;
}

TEST(ReportJson, HoldsEveryLaunchMetricUnderItsRunJsonKey)
{
    TempDir dir("report-json");
    const auto json = model::reportJson(loadSynthetic(dir, RunShape { 2, 50, 10, 2, "offset", {} }));
    EXPECT_EQ(json["device"]["id"], "v100");
    EXPECT_EQ(json["run"]["parameters"]["offset"], 3);
    ASSERT_EQ(json["launches"].size(), 2u);
    EXPECT_EQ(json["launches"][1]["cycles"], 5001.0);
    EXPECT_EQ(json["launches"][1]["global_load_requests"], 42.0);
    EXPECT_EQ(json["launches"][0]["occupancy"]["blocks_per_sm"], 8);
    EXPECT_EQ(json["timeline"].size(), 3u);
    EXPECT_EQ(json["timeline"][1]["kind"], "memcpy_h2d"); // ordered by start: kernel 0 µs, copy 0.5 µs, kernel 10 µs
    EXPECT_EQ(json["sweep_points"].size(), 2u);
}

TEST(ReportCsv, ColumnsAreNvprofNamesForVolta)
{
    TempDir dir("report-csv");
    const auto csv = model::reportCsv(loadSynthetic(dir, RunShape { 2, 50, 10, 2, "offset", {} }), false);
    std::istringstream in(csv);
    std::string header;
    std::getline(in, header);
    EXPECT_EQ(header.rfind("run_id,device,launch,kernel,grid,block,time_us,cycles,", 0), 0u) << header;
    EXPECT_NE(header.find(",gld_transactions,"), std::string::npos);
    EXPECT_NE(header.find(",inst_executed,"), std::string::npos);
    EXPECT_NE(header.find(",gld_efficiency,gst_efficiency"), std::string::npos);
    std::string first;
    std::getline(in, first);
    EXPECT_EQ(first.rfind("1,v100,0,offsetCopy,64x1x1,256x1x1,3.5,5000,", 0), 0u) << first;
    EXPECT_EQ(std::count(first.begin(), first.end(), ','), std::count(header.begin(), header.end(), ','));
}

TEST(ReportCsv, PerLineRowsQuoteTheirPtx)
{
    TempDir dir("report-csv-lines");
    auto data = loadSynthetic(dir, RunShape { 1, 50, 10, 2, "offset", {} });
    data.launches[0].lines[0].ptxText = "ld.global.f32 %f1, [%rd4+4], \"x\"";
    const auto csv = model::reportCsv(data, true);
    EXPECT_NE(csv.find("ptx_line,ptx,warp_instructions"), std::string::npos);
    EXPECT_NE(csv.find(",\"ld.global.f32 %f1, [%rd4+4], \"\"x\"\"\","), std::string::npos) << csv;
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 5);
}

TEST(ReportHtml, IsOneSelfContainedFileWithItsCharts)
{
    TempDir dir("report-html");
    const auto html = model::reportHtml(loadSynthetic(dir, RunShape { 2, 50, 10, 2, "offset", {} }));
    EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
    // No external references: no src=, no stylesheet links, no scripts.
    EXPECT_EQ(html.find("src="), std::string::npos);
    EXPECT_EQ(html.find("<link"), std::string::npos);
    EXPECT_EQ(html.find("<script"), std::string::npos);
    // The sweep's bandwidth chart, the stream timeline, the occupancy calculator's three graphs per launch.
    const std::regex svg("<svg ");
    EXPECT_EQ(std::distance(std::sregex_iterator(html.begin(), html.end(), svg), std::sregex_iterator()), 2 + 2 * 3);
    EXPECT_NE(html.find("Occupancy against registers per thread"), std::string::npos);
    EXPECT_NE(html.find("Occupancy against shared memory per block"), std::string::npos);
    EXPECT_NE(html.find("Effective bandwidth against offset"), std::string::npos);
    EXPECT_NE(html.find("<code>gld_transactions</code>"), std::string::npos);
}

TEST(SvgChart, EscapesTextAndPlacesPointsInsideThePlot)
{
    model::SvgLineChart chart;
    chart.title = "a < b & \"c\"";
    chart.series.push_back({ "dev", { { 0, 0 }, { 32, 100 } } });
    const auto svg = model::renderSvg(chart);
    EXPECT_NE(svg.find("a &lt; b &amp; &quot;c&quot;"), std::string::npos);
    // x = 0 at the left edge of the plot (64 px), y = 0 on its bottom (300 − 44 px).
    EXPECT_NE(svg.find("points=\"64.00,256.00 "), std::string::npos) << svg;
}

TEST(ReportCharts, SweptParameterIsTheOneThatVaries)
{
    std::vector<engine::SweepPoint> points { { 0, "h100", { { "n", 64 }, { "offset", 0 } }, 1, 1 },
        { 1, "h100", { { "n", 64 }, { "offset", 1 } }, 1, 1 } };
    EXPECT_EQ(model::sweptParameter(points), "offset");
    points[1].parameters[1].second = 0;
    EXPECT_EQ(model::sweptParameter(points), "");
}

} // namespace
