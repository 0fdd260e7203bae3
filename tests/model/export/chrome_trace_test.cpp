// A stored run exported as Chrome trace-event JSON: valid by the format's rules, every interval and stream
// operation present, times on the run's host timeline.
#include "engine/device/device_catalog.h"
#include "model/export/chrome_trace_writer.h"
#include "model/store/trace_reader.h"
#include "model/store/trace_writer.h"
#include "tests/model/export/chrome_trace_rules.h"
#include "tests/model/store/store_test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <set>
#include <sstream>

namespace {

using store_tests::RunShape;
using store_tests::TempDir;

std::string writeSession(const TempDir& dir, const RunShape& shape)
{
    const auto path = dir.file("session.wsdb").string();
    auto writer = model::TraceWriter::open(path);
    EXPECT_TRUE(writer.ok()) << writer.error().toString();
    store_tests::sendRun(*writer.value(), shape);
    EXPECT_TRUE(writer.value()->flush().ok());
    return path;
}

nlohmann::json exportRun(const std::string& path, std::int64_t runId)
{
    auto reader = model::TraceReader::open(path);
    EXPECT_TRUE(reader.ok()) << reader.error().toString();
    std::ostringstream out;
    const auto error = model::writeChromeTrace(reader.value(), runId, out);
    EXPECT_FALSE(error) << error->toString();
    return nlohmann::json::parse(out.str());
}

std::size_t countEvents(const nlohmann::json& trace, const std::string& category)
{
    std::size_t count = 0;
    for (const auto& e : trace["traceEvents"])
        count += e.value("cat", "") == category ? 1u : 0u;
    return count;
}

TEST(ChromeTrace, ExportFollowsTheFormatsRules)
{
    TempDir dir("trace-rules");
    const auto trace = exportRun(writeSession(dir, RunShape { 3, 2000, 10, 4, "offset", {} }), 1);
    const auto violations = export_tests::chromeTraceViolations(trace);
    EXPECT_TRUE(violations.empty()) << violations.front();
    EXPECT_EQ(trace["displayTimeUnit"], "ns");
}

TEST(ChromeTrace, EveryIntervalAndOperationIsAnEvent)
{
    TempDir dir("trace-counts");
    const RunShape shape { 2, 1500, 10, 4, "offset", {} };
    const auto trace = exportRun(writeSession(dir, shape), 1);
    EXPECT_EQ(countEvents(trace, "warp"), std::size_t { shape.launches } * shape.intervalsPerLaunch);
    // Stream tracks: one kernel per launch plus the one copy; the copy also on its copy engine's track.
    EXPECT_EQ(countEvents(trace, "stream"), shape.launches + 1u);
    EXPECT_EQ(countEvents(trace, "copy_engine"), 1u);
}

TEST(ChromeTrace, WarpTimesAreCyclesAtTheDeviceClockAfterTheLaunchStart)
{
    TempDir dir("trace-times");
    const RunShape shape { 2, 200, 10, 2, "offset", {} };
    const auto trace = exportRun(writeSession(dir, shape), 1);
    const auto catalog = engine::DeviceCatalog::load({});
    const double mhz = catalog.catalog.find("v100")->coreClockMhz;
    // sendRun starts launch i at 10 µs × i; its intervals are syntheticIntervals(count, sms, i).
    const auto expected = store_tests::syntheticIntervals(shape.intervalsPerLaunch, shape.sms, 1);
    std::size_t matched = 0;
    for (const auto& e : trace["traceEvents"]) {
        if (e.value("cat", "") != "warp" || e["pid"].get<int>() < 2000)
            continue; // launch 1's processes are 2000 + SM
        const auto startCycle = e["args"]["start_cycle"].get<std::uint64_t>();
        EXPECT_NEAR(e["ts"].get<double>(), 10.0 + static_cast<double>(startCycle) / mhz, 1e-3);
        EXPECT_NEAR(e["dur"].get<double>(), static_cast<double>(e["args"]["end_cycle"].get<std::uint64_t>() - startCycle) / mhz, 2e-3);
        ++matched;
    }
    EXPECT_EQ(matched, expected.size());
}

TEST(ChromeTrace, TracksAreNamedForSmWarpAndStream)
{
    TempDir dir("trace-names");
    const auto trace = exportRun(writeSession(dir, RunShape { 1, 100, 10, 2, "offset", {} }), 1);
    std::set<std::string> names;
    for (const auto& e : trace["traceEvents"])
        if (e["ph"] == "M" && e["args"].contains("name"))
            names.insert(e["args"]["name"].get<std::string>());
    EXPECT_TRUE(names.contains("Host timeline"));
    EXPECT_TRUE(names.contains("default stream"));
    EXPECT_TRUE(names.contains("stream 1"));
    EXPECT_TRUE(names.contains("launch 0 offsetCopy — SM 1"));
    EXPECT_TRUE(names.contains("block 0 warp 1"));
}

TEST(ChromeTraceRules, OverlapWithoutNestingIsAViolation)
{
    const auto document = nlohmann::json::parse(R"({"traceEvents":[
        {"name":"a","ph":"X","ts":0,"dur":10,"pid":1,"tid":1},
        {"name":"b","ph":"X","ts":5,"dur":10,"pid":1,"tid":1},
        {"name":"c","ph":"X","ts":5,"dur":10,"pid":1,"tid":2},
        {"name":"d","ph":"X","ts":1,"dur":2,"pid":1,"tid":2},
        {"name":"e","ph":"B","ts":1,"pid":1,"tid":3}]})");
    const auto violations = export_tests::chromeTraceViolations(document);
    ASSERT_EQ(violations.size(), 2u);
    EXPECT_NE(violations[0].find("unexpected phase B"), std::string::npos);
    EXPECT_NE(violations[1].find("overlap without nesting on pid 1 tid 1"), std::string::npos);
}

TEST(ChromeTrace, UnknownRunIsAnErrorNamingTheFile)
{
    TempDir dir("trace-missing");
    const auto path = writeSession(dir, RunShape { 1, 10, 10, 1, "offset", {} });
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok());
    std::ostringstream out;
    const auto error = model::writeChromeTrace(reader.value(), 99, out);
    ASSERT_TRUE(error);
    EXPECT_NE(error->toString().find("session.wsdb"), std::string::npos) << error->toString();
}

} // namespace
