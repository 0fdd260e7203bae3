// PartialRunRecorder and NewLaunchFilter: a run recorded again after each launch (as the GUI records a run in
// flight in its scratch database) holds each launch once, is complete as of its last launch, and ends up the same
// rows as the run recorded whole at its end.
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "engine/timing/timed_executor.h"
#include "model/store/partial_run_recorder.h"
#include "model/store/run_recorder.h"
#include "model/store/trace_reader.h"
#include "tests/model/store/store_test_support.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <optional>
#include <string>
#include <vector>

namespace {

/// Every row of every table, table by table in storage order, without when and by which process it was recorded.
std::string databaseDump(const std::string& path)
{
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return "cannot open " + path;
    }
    const auto rows = [db](const std::string& sql) {
        std::vector<std::string> text;
        sqlite3_stmt* statement = nullptr;
        sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr);
        while (statement && sqlite3_step(statement) == SQLITE_ROW) {
            std::string row;
            for (int c = 0; c < sqlite3_column_count(statement); ++c) {
                const std::string column = sqlite3_column_name(statement, c);
                if (column == "date" || column == "created_at" || column == "writer_pid")
                    continue;
                const auto* bytes = static_cast<const char*>(sqlite3_column_blob(statement, c));
                const auto size = static_cast<std::size_t>(sqlite3_column_bytes(statement, c));
                row.append(bytes ? bytes : "", size).append("|");
            }
            text.push_back(std::move(row));
        }
        sqlite3_finalize(statement);
        return text;
    };
    std::string dump;
    for (const auto& table : rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")) {
        const auto name = table.substr(0, table.size() - 1);
        dump += "== " + name + "\n";
        for (const auto& row : rows("SELECT * FROM \"" + name + "\""))
            dump += row + "\n";
    }
    sqlite3_close(db);
    return dump;
}

class PartialRunRecorderTest : public testing::Test {
protected:
    void SetUp() override
    {
        static const auto catalog = engine::DeviceCatalog::load({});
        // Three kernels, a launch each: every launch brings its kernel's record too.
        auto prepared = engine::prepareScenario(
            std::filesystem::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios/matrix/ab_three_kernels.json", "", {},
            catalog.catalog);
        ASSERT_TRUE(prepared.ok()) << prepared.error().toString();
        m_prepared.emplace(std::move(prepared).value());
    }

    store_tests::TempDir m_dir { "partial-run-recorder" };
    std::optional<engine::PreparedScenario> m_prepared;
};

TEST_F(PartialRunRecorderTest, EachRecordAddsTheNewLaunchesToOneCompleteRun)
{
    auto recorder = model::PartialRunRecorder::open(m_dir.file("scratch.wsdb").string(), *m_prepared);
    ASSERT_TRUE(recorder.ok()) << recorder.error().toString();
    std::vector<std::size_t> storedLaunches;
    std::vector<std::size_t> storedRuns;
    std::vector<std::string> storedKernels;
    engine::RunOptions options;
    options.launchFinished = [&](const engine::RunReport& soFar) {
        const auto runId = recorder.value().record(soFar);
        ASSERT_TRUE(runId.ok()) << runId.error().toString();
        auto reader = model::TraceReader::open(recorder->path());
        ASSERT_TRUE(reader.ok());
        storedRuns.push_back(reader->runs()->size());
        const auto launches = reader->launches(*runId);
        ASSERT_TRUE(launches.ok());
        storedLaunches.push_back(launches->size());
        storedKernels.push_back(launches->back().kernelName);
        EXPECT_EQ(launches->back().summary.cycles, soFar.launches.back().outcome.cycles.value_or(0));
        EXPECT_GT(launches->back().intervalCount, 0u);
    };
    engine::timing::TimedExecutor executor;
    const auto report
        = engine::runScenario(m_prepared->scenario, m_prepared->module, *m_prepared->profile, executor, options);
    ASSERT_TRUE(report.ok()) << report.error().toString();
    EXPECT_EQ(storedRuns, (std::vector<std::size_t> { 1, 1, 1 }));
    EXPECT_EQ(storedLaunches, (std::vector<std::size_t> { 1, 2, 3 }));
    EXPECT_EQ(storedKernels, (std::vector<std::string> { "simpleMultiply", "coalescedMultiply", "sharedABMultiply" }));
}

TEST_F(PartialRunRecorderTest, RecordedLaunchByLaunchTheRunEndsAsRecordedWhole)
{
    const auto scratch = m_dir.file("scratch.wsdb").string();
    std::optional<model::PartialRunRecorder> recorder;
    {
        auto opened = model::PartialRunRecorder::open(scratch, *m_prepared);
        ASSERT_TRUE(opened.ok()) << opened.error().toString();
        recorder.emplace(std::move(opened).value());
    }
    engine::RunOptions options;
    options.launchFinished = [&](const engine::RunReport& soFar) { ASSERT_TRUE(recorder->record(soFar).ok()); };
    engine::timing::TimedExecutor executor;
    const auto report
        = engine::runScenario(m_prepared->scenario, m_prepared->module, *m_prepared->profile, executor, options);
    ASSERT_TRUE(report.ok()) << report.error().toString();
    // Once more with the whole report: only the steps after the last launch are new.
    ASSERT_TRUE(recorder->record(*report).ok());
    recorder.reset();

    const auto whole = m_dir.file("whole.wsdb").string();
    ASSERT_TRUE(model::recordScenarioRun(whole, *report, *m_prepared).ok());
    const auto expected = databaseDump(whole);
    EXPECT_NE(expected.find("== warp_intervals\n"), std::string::npos);
    EXPECT_EQ(databaseDump(scratch), expected);
}

} // namespace
