#pragma once

#include "model/store/interval_summary_builder.h"
#include "model/store/sqlite_database.h"
#include "model/store/trace_statements.h"
#include "model/store/write_command.h"

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace model {

/// Turns WriteCommands into rows: the writer thread's half of TraceWriter, and the only object that
/// touches its connection. A run's rows go in through batched transactions committed every
/// `rowsPerCommit` rows with runs.complete = 0; endRun's transaction sets complete = 1, the one moment
/// readers start to see the run. A failure (disk full) rolls back, deletes what the run had committed,
/// keeps the first error for flush() and ignores the rest of the run.
class TraceInserter {
public:
    static engine::Result<TraceInserter> create(SqliteDatabase db, std::uint64_t rowsPerCommit);

    void handle(WriteCommand& command);
    /// Commits what is pending (between batches of a run the rows stay invisible: complete = 0).
    void commit();
    /// The run in progress when the writer closes cannot complete: remove it.
    void abandonOpenRun();

    /// The first error since the last call, if any.
    std::optional<engine::Error> takeError();
    /// Id (runs.id) of the last run that became complete; 0 before the first.
    std::int64_t lastCompleteRun() const { return m_lastCompleteRun; }

    // The command handlers, one per WriteCommand alternative (std::visit calls them).
    void operator()(engine::RunInfo& run);
    void operator()(EndRunCommand& end);
    void operator()(AbortRunCommand& abort);
    void operator()(engine::ModuleRecord& module);
    void operator()(engine::KernelRecord& kernel);
    void operator()(engine::LaunchInfo& launch);
    void operator()(engine::LaunchSummary& summary);
    void operator()(std::vector<engine::PcCounter>& counters);
    void operator()(std::vector<engine::CalleeCounter>& counters);
    void operator()(std::vector<engine::WarpInterval>& intervals);
    void operator()(RequestBatch& batch);
    void operator()(std::vector<engine::StreamOp>& ops);
    void operator()(PrintfBatch& batch);
    void operator()(std::vector<engine::SweepPoint>& points);
    void operator()(FlushCommand&) { commit(); }

private:
    TraceInserter(SqliteDatabase db, TraceStatements statements, std::uint64_t rowsPerCommit);

    bool accepting() const { return m_runId != 0 && !m_runFailed; }
    bool beginIfNeeded();
    /// Steps `statement` (already bound); on failure records the error and drops the run.
    bool stepInsert(SqliteStatement& statement);
    void countRows(std::uint64_t rows);
    void failRun(int sqliteCode, const char* what);
    void discardRun();
    void writeSummary();
    std::int64_t launchRow(engine::LaunchId id) const;

    SqliteDatabase m_db;
    TraceStatements m_statements;
    std::uint64_t m_rowsPerCommit;
    std::uint64_t m_pendingRows = 0;
    bool m_inTransaction = false;
    std::int64_t m_runId = 0; ///< runs.id of the run being written; 0 between runs
    bool m_runFailed = false;
    bool m_checkpointed = false; ///< the open run was committed complete at least once (TraceWriter::checkpointRun)
    std::int64_t m_lastCompleteRun = 0;
    std::unordered_map<std::uint32_t, std::int64_t> m_launchRows; ///< LaunchId -> launches.id
    std::int64_t m_launchId = 0; ///< launches.id of the open launch; 0 outside one
    std::int64_t m_intervalSeq = 0;
    std::int64_t m_requestSeq = 0;
    IntervalSummaryBuilder m_summary;
    std::optional<engine::Error> m_error;
};

} // namespace model
