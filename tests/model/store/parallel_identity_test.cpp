// One timed launch on 1, 2, 3 and 8 host threads (TimingOptions::threads) gives the same run, bit for bit: every
// bundled scenario on every bundled device, compared as the trace file stores it (every table: launches and
// their counters, per-PC counters, warp intervals, memory requests, stream operations) and as the run report
// holds it (cycles, times, counters, the buffers' final bytes, or the error when the device cannot run it).
#include "engine/host/prepared_scenario.h"
#include "engine/host/run_recording.h"
#include "engine/host/scenario_parser.h"
#include "engine/host/scenario_runner.h"
#include "engine/timing/timed_executor.h"
#include "model/store/trace_writer.h"
#include "tests/model/store/store_test_support.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sstream>

namespace {

std::vector<std::filesystem::path> allScenarios()
{
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(
             std::filesystem::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios"))
        if (entry.path().extension() == ".json")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

/// Every row of every table of the trace file at `path`, as text (blobs in hex), tables by name, rows by rowid.
std::string dumpTables(const std::string& path)
{
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return "cannot open " + path;
    }
    std::vector<std::string> tables;
    sqlite3_stmt* list = nullptr;
    sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", -1, &list, nullptr);
    while (sqlite3_step(list) == SQLITE_ROW)
        tables.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(list, 0)));
    sqlite3_finalize(list);
    std::ostringstream out;
    for (const auto& table : tables) {
        out << "table " << table << '\n';
        sqlite3_stmt* rows = nullptr;
        sqlite3_prepare_v2(db, ("SELECT * FROM \"" + table + "\"").c_str(), -1, &rows, nullptr);
        while (sqlite3_step(rows) == SQLITE_ROW) {
            for (int c = 0; c < sqlite3_column_count(rows); ++c) {
                if (sqlite3_column_type(rows, c) == SQLITE_BLOB) {
                    const auto* bytes = static_cast<const unsigned char*>(sqlite3_column_blob(rows, c));
                    for (int i = 0; i < sqlite3_column_bytes(rows, c); ++i)
                        out << std::hex << int(bytes[i]) << std::dec << ' ';
                } else if (const auto* text = sqlite3_column_text(rows, c)) {
                    out << text;
                }
                out << '|';
            }
            out << '\n';
        }
        sqlite3_finalize(rows);
    }
    sqlite3_close(db);
    return out.str();
}

/// What a run leaves: the report's numbers and the stored trace, as text; or the error.
std::string runOnThreads(const std::filesystem::path& scenario, const engine::DeviceCatalog& catalog,
    const std::string& device, unsigned threads, const store_tests::TempDir& dir)
{
    engine::ParamValues overrides;
    const auto spec = engine::loadScenarioFile(scenario);
    if (spec.ok() && spec->params.contains("n"))
        overrides["n"] = 65536; // small problems: identity, not size, is under test
    auto prepared = engine::prepareScenario(scenario, device, overrides, catalog);
    if (!prepared)
        return "error: " + prepared.error().toString();
    engine::timing::TimingOptions timing;
    timing.threads = threads;
    timing.recordSms = {0, 1};
    engine::timing::TimedExecutor executor(timing);
    auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor);
    if (!report)
        return "error: " + report.error().toString();
    std::ostringstream out;
    out.precision(17);
    out << "total " << report->totalTimeUs << '\n';
    for (const auto& launch : report->launches) {
        const auto& o = launch.outcome;
        out << launch.kernel << " cycles " << o.cycles.value_or(0) << " time " << o.timeUs.value_or(0.0)
            << " warp instructions " << o.stats.warpInstructions << " thread instructions "
            << o.stats.threadInstructions << " divergent " << o.stats.divergentBranches << " intervals "
            << o.intervals.size() << '\n';
    }
    for (const auto& buffer : report->buffers)
        out << "buffer " << buffer.name << ' '
            << std::hash<std::string_view>()(
                   std::string_view(reinterpret_cast<const char*>(buffer.bytes.data()), buffer.bytes.size()))
            << '\n';
    const auto path = dir.file(device + "-" + std::to_string(threads) + ".wsdb").string();
    auto writer = model::TraceWriter::open(path);
    if (!writer)
        return "error: " + writer.error().toString();
    const auto moduleRecord = engine::scenarioModuleRecord(prepared->scenario, prepared->module, *prepared->profile);
    engine::recordRun(*report, prepared->scenario, prepared->module, moduleRecord,
        engine::RecordingContext {"2026-11-25T12:00:00Z", "test", "", ""}, *writer.value());
    if (const auto runId = writer.value()->flush(); !runId)
        return "error: " + runId.error().toString();
    writer.value().reset();
    return out.str() + dumpTables(path);
}

class ParallelIdentity : public testing::TestWithParam<std::filesystem::path> { };

TEST_P(ParallelIdentity, EveryThreadCountGivesTheSerialRun)
{
    static const auto catalog = engine::DeviceCatalog::load({});
    store_tests::TempDir dir("parallel-identity");
    for (const auto& profile : catalog.catalog.profiles()) {
        const std::string serial = runOnThreads(GetParam(), catalog.catalog, profile.id, 1, dir);
        for (const unsigned threads : {2u, 3u, 8u}) {
            const std::string parallel = runOnThreads(GetParam(), catalog.catalog, profile.id, threads, dir);
            EXPECT_TRUE(parallel == serial) << profile.id << " on " << threads << " threads differs from 1 thread ("
                                            << serial.size() << " vs " << parallel.size() << " characters)";
        }
    }
}

std::string scenarioName(const testing::TestParamInfo<std::filesystem::path>& info)
{
    auto name
        = std::filesystem::relative(info.param, std::filesystem::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios")
              .replace_extension()
              .string();
    std::replace_if(
        name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
    return name;
}

INSTANTIATE_TEST_SUITE_P(BundledScenarios, ParallelIdentity, testing::ValuesIn(allScenarios()), scenarioName);

} // namespace
