// The bundled copy-and-execute scenarios (best-practices-guide-v8.0.txt §9.1.2) on the h100 profile against
// the same programs timed with CUDA events on a real H100 (bench/hardware/h100/stream_times.csv, made by
// bench/hardware/stream_probe.cu): every total within 10 %. WARPSCOPE_STREAM_TABLE=FILE appends the rows
// of docs/streams_h100.md's table.
#include "engine/device/device_catalog.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "engine/timing/timed_executor.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <ostream>
#include <sstream>

namespace {

/// "sequential,1" or "staged,4" → the H100's median total in microseconds.
std::map<std::string, double> measuredTotals()
{
    std::map<std::string, double> totals;
    std::ifstream in(testing_paths::sourceDir() / "bench/hardware/h100/stream_times.csv");
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> fields;
        std::stringstream row(line);
        for (std::string field; std::getline(row, field, ',');)
            fields.push_back(field);
        if (fields.size() == 5 && fields[0] == "stream")
            totals[fields[1] + "," + fields[2]] = std::stod(fields[4]) * 1e3;
    }
    return totals;
}

struct StreamCase {
    std::string file; ///< under resources/scenarios/streams
    std::string key; ///< in stream_times.csv
    std::string label;
};

/// What gtest prints for a case: the scenario file, not the struct's bytes.
void PrintTo(const StreamCase& c, std::ostream* out) { *out << c.file; }

const std::vector<StreamCase> kCases = {
    { "sequential_copy_execute.json", "sequential,1", "sequential copy and execute" },
    { "staged_copy_execute_01.json", "staged,1", "staged, nStreams = 1" },
    { "staged_copy_execute_02.json", "staged,2", "staged, nStreams = 2" },
    { "staged_copy_execute_04.json", "staged,4", "staged, nStreams = 4" },
    { "staged_copy_execute_08.json", "staged,8", "staged, nStreams = 8" },
    { "staged_copy_execute_16.json", "staged,16", "staged, nStreams = 16" },
    { "staged_copy_execute_32.json", "staged,32", "staged, nStreams = 32" },
};

class StreamsOnH100 : public testing::TestWithParam<StreamCase> { };

TEST_P(StreamsOnH100, TotalWithinTenPercentOfTheMeasuredOne)
{
    const auto& c = GetParam();
    const auto measured = measuredTotals();
    ASSERT_EQ(measured.size(), 8u); // the seven scenarios and the kernel alone
    static const auto catalog = engine::DeviceCatalog::load({});
    auto prepared = engine::prepareScenario(testing_paths::sourceDir() / "resources/scenarios/streams" / c.file, "h100",
        {}, catalog.catalog);
    ASSERT_TRUE(prepared.ok()) << prepared.error().toString();
    engine::timing::TimedExecutor executor;
    const auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor);
    ASSERT_TRUE(report.ok()) << report.error().toString();
    double first = 1e300;
    double last = 0;
    for (const auto& entry : report->timeline) {
        first = std::min(first, entry.startUs);
        last = std::max(last, entry.endUs);
    }
    const double model = last - first;
    const double h100 = measured.at(c.key);
    EXPECT_NEAR(model / h100, 1.0, 0.10) << c.file << ": model " << model << " us, H100 " << h100 << " us";
    // Rows of docs/streams_h100.md's table, appended in test order.
    if (const char* path = std::getenv("WARPSCOPE_STREAM_TABLE")) {
        char row[160];
        std::snprintf(row, sizeof row, "| %s | %.1f | %.1f | %+.1f %% |\n", c.label.c_str(), model, h100,
            (model / h100 - 1.0) * 100.0);
        std::ofstream(path, std::ios::app) << row;
    }
}

std::string caseName(const testing::TestParamInfo<StreamCase>& info)
{
    return info.param.file.substr(0, info.param.file.find('.'));
}

INSTANTIATE_TEST_SUITE_P(CopyAndExecute, StreamsOnH100, testing::ValuesIn(kCases), caseName);

} // namespace
