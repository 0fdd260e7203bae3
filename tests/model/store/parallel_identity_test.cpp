// One timed launch on 1, 2, 3 and 8 host threads (TimingOptions::threads) gives the same run, bit for bit: every
// bundled scenario on every bundled device, compared as the trace file stores it (every table: launches and
// their counters, per-PC counters, warp intervals, memory requests, stream operations) and as the run report
// holds it (cycles, times, counters, the buffers' final bytes, or the error a launch stops with).
#include "engine/common/host_cores.h"
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
#include <vector>

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

/// Every row of every table of the trace file at `path`, as text (blobs in hex), tables by name, rows by rowid;
/// but `sessions`, which holds when the file was created, not what a run recorded.
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
    while (sqlite3_step(list) == SQLITE_ROW) {
        std::string name = reinterpret_cast<const char*>(sqlite3_column_text(list, 0));
        if (name != "sessions")
            tables.push_back(std::move(name));
    }
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

/// Small problems (identity, not size, is under test): the size parameters of the copies and the matrix
/// multiplies are lowered to these where larger. The other scenarios are small already.
engine::ParamValues smallerSizes(const std::filesystem::path& scenario)
{
    static const engine::ParamValues kSmall { { "n", 16384 }, { "m", 32 }, { "ha", 32 }, { "wa", 32 }, { "wb", 32 } };
    engine::ParamValues overrides;
    const auto spec = engine::loadScenarioFile(scenario);
    if (!spec)
        return overrides;
    for (const auto& [name, value] : spec->params) {
        if (const auto it = kSmall.find(name); it != kSmall.end() && value > it->second)
            overrides[name] = it->second;
    }
    return overrides;
}

/// What a run leaves: the report's numbers and the stored trace, as text; or the error.
std::string runOnThreads(const engine::PreparedScenario& prepared, unsigned threads, const std::string& dbPath)
{
    engine::timing::TimingOptions timing;
    timing.threads = threads;
    timing.recordSms = { 0, 1 };
    engine::timing::TimedExecutor executor(timing);
    auto report = engine::runScenario(prepared.scenario, prepared.module, *prepared.profile, executor);
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
    auto writer = model::TraceWriter::open(dbPath);
    if (!writer)
        return "error: " + writer.error().toString();
    const auto moduleRecord = engine::scenarioModuleRecord(prepared.scenario, prepared.module, *prepared.profile);
    engine::recordRun(*report, prepared.scenario, prepared.module, moduleRecord,
        engine::RecordingContext { "2026-11-25T12:00:00Z", "test", "", "" }, *writer.value());
    if (const auto runId = writer.value()->flush(); !runId)
        return "error: " + runId.error().toString();
    writer.value().reset();
    return out.str() + dumpTables(dbPath);
}

/// The first line where `a` and `b` differ, from both.
std::string firstDifference(const std::string& a, const std::string& b)
{
    std::istringstream left(a), right(b);
    std::string l, r;
    while (std::getline(left, l) && std::getline(right, r)) {
        if (l != r)
            return "\n  1 thread:  " + l + "\n  N threads: " + r;
    }
    return "\n  (one is a prefix of the other)";
}

class ParallelIdentity : public testing::TestWithParam<std::filesystem::path> { };

TEST_P(ParallelIdentity, EveryThreadCountGivesTheSerialRun)
{
    static const auto catalog = engine::DeviceCatalog::load({});
    store_tests::TempDir dir("parallel-identity");
    const auto overrides = smallerSizes(GetParam());
    for (const auto& profile : catalog.catalog.profiles()) {
        auto prepared = engine::prepareScenario(GetParam(), profile.id, overrides, catalog.catalog);
        if (!prepared)
            continue; // a device that cannot run the scenario: nothing to compare
        const auto db = [&](unsigned threads) { return dir.file(profile.id + "-" + std::to_string(threads) + ".wsdb").string(); };
        const std::string serial = runOnThreads(*prepared, 1, db(1));
        // And every core, the default: on it the SMs step on the block batches' threads (stepper_guests.h), which
        // 2, 3 or 8 threads do only on hosts of 2 to 5 or of 8 to 15 cores.
        std::vector<unsigned> counts { 2, 3, 8 };
        if (const unsigned all = engine::usableCores(); all > 3 && all != 8)
            counts.push_back(all);
        for (const unsigned threads : counts) {
            const std::string parallel = runOnThreads(*prepared, threads, db(threads));
            EXPECT_TRUE(parallel == serial) << profile.id << " on " << threads << " threads differs from 1 thread:"
                                            << firstDifference(serial, parallel);
        }
    }
}

std::string identityTestName(const testing::TestParamInfo<std::filesystem::path>& info)
{
    auto name
        = std::filesystem::relative(info.param, std::filesystem::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios")
              .replace_extension()
              .string();
    std::replace_if(
        name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
    return name;
}

INSTANTIATE_TEST_SUITE_P(BundledScenarios, ParallelIdentity, testing::ValuesIn(allScenarios()), identityTestName);

} // namespace
