#include "model/store/trace_inserter.h"

#include "model/store/event_rows.h"
#include "model/store/run_cleanup.h"

#include <nlohmann/json.hpp>
#include <unistd.h>

namespace model {

engine::Result<TraceInserter> TraceInserter::create(SqliteDatabase db, std::uint64_t rowsPerCommit)
{
    auto statements = TraceStatements::prepare(db);
    if (!statements)
        return statements.error();
    return TraceInserter(std::move(db), std::move(statements).value(), rowsPerCommit);
}

TraceInserter::TraceInserter(SqliteDatabase db, TraceStatements statements, std::uint64_t rowsPerCommit)
    : m_db(std::move(db))
    , m_statements(std::move(statements))
    , m_rowsPerCommit(rowsPerCommit)
{
}

void TraceInserter::handle(WriteCommand& command) { std::visit(*this, command); }

std::optional<engine::Error> TraceInserter::takeError() { return std::exchange(m_error, std::nullopt); }

bool TraceInserter::beginIfNeeded()
{
    if (m_inTransaction)
        return true;
    const int rc = sqlite3_exec(m_db.handle(), "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) {
        failRun(rc, "cannot write the run");
        return false;
    }
    m_inTransaction = true;
    return true;
}

void TraceInserter::commit()
{
    if (!m_inTransaction)
        return;
    m_inTransaction = false;
    m_pendingRows = 0;
    const int rc = sqlite3_exec(m_db.handle(), "COMMIT", nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK)
        failRun(rc, "cannot write the run");
}

bool TraceInserter::stepInsert(SqliteStatement& statement)
{
    const int rc = statement.run();
    if (rc == SQLITE_DONE)
        return true;
    failRun(rc, "cannot write the run");
    return false;
}

void TraceInserter::countRows(std::uint64_t rows)
{
    m_pendingRows += rows;
    if (m_pendingRows >= m_rowsPerCommit)
        commit();
}

void TraceInserter::failRun(int sqliteCode, const char* what)
{
    if (!m_error)
        m_error = m_db.error(sqliteCode, what);
    discardRun();
}

void TraceInserter::discardRun()
{
    if (m_inTransaction)
        sqlite3_exec(m_db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
    m_inTransaction = false;
    m_pendingRows = 0;
    m_runFailed = true;
    // Best effort: what earlier batches committed goes too. If even that fails (the disk is full), the
    // rows stay invisible (complete = 0) and the next writer to open the file deletes them.
    if (m_runId > 0 && sqlite3_exec(m_db.handle(), "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_OK) {
        const bool deleted = !deleteRun(m_db, m_runId);
        sqlite3_exec(m_db.handle(), deleted ? "COMMIT" : "ROLLBACK", nullptr, nullptr, nullptr);
    }
    m_launchId = 0;
}

void TraceInserter::abandonOpenRun()
{
    if (m_runId != 0 && !m_runFailed) {
        if (m_checkpointed) {
            // Complete as of its last checkpoint: it stays; rows not yet committed since then go.
            if (m_inTransaction)
                sqlite3_exec(m_db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
            m_inTransaction = false;
            m_pendingRows = 0;
        } else {
            discardRun();
        }
    }
    m_runId = 0;
    m_checkpointed = false;
}

void TraceInserter::operator()(engine::RunInfo& run)
{
    abandonOpenRun(); // a beginRun without endRun before it: the engine gave up on that run
    m_runFailed = false;
    m_checkpointed = false;
    m_launchRows.clear();
    m_launchId = 0;
    auto parameters = nlohmann::json::object();
    for (const auto& [name, value] : run.parameters)
        parameters[name] = value;
    auto& s = m_statements.insertRun;
    s.bind(1, std::int64_t { ::getpid() });
    s.bind(2, run.date);
    s.bind(3, run.toolVersion);
    s.bind(4, run.deviceId);
    s.bind(5, run.deviceName);
    s.bind(6, run.deviceProfileJson);
    s.bind(7, run.scenarioPath);
    s.bind(8, run.scenarioText);
    s.bind(9, parameters.dump());
    s.bind(10, run.sampling);
    s.bind(11, std::int64_t { run.sweepPointsPlanned });
    m_runId = -1; // a run in progress, so a failure below is reported against it
    if (!beginIfNeeded() || !stepInsert(s)) {
        m_runId = 0;
        return;
    }
    m_runId = sqlite3_last_insert_rowid(m_db.handle());
    countRows(1);
}

void TraceInserter::operator()(EndRunCommand& end)
{
    if (!accepting() || !beginIfNeeded())
        return;
    auto& s = m_statements.completeRun;
    s.bind(1, m_runId);
    s.bind(2, end.summary.totalTimeUs);
    if (!stepInsert(s))
        return;
    commit();
    if (!m_runFailed)
        m_lastCompleteRun = m_runId;
    if (end.closesRun) {
        m_runId = 0;
        m_checkpointed = false;
    } else {
        m_checkpointed = true;
    }
}

void TraceInserter::operator()(AbortRunCommand&)
{
    abandonOpenRun();
}

void TraceInserter::operator()(engine::ModuleRecord& module)
{
    if (!accepting() || !beginIfNeeded())
        return;
    bindModule(m_statements.insertModule, m_runId, module);
    if (stepInsert(m_statements.insertModule))
        countRows(1);
}

void TraceInserter::operator()(engine::KernelRecord& kernel)
{
    if (!accepting() || !beginIfNeeded())
        return;
    bindKernel(m_statements.insertKernel, m_runId, kernel);
    if (stepInsert(m_statements.insertKernel))
        countRows(1);
}

void TraceInserter::operator()(engine::LaunchInfo& launch)
{
    if (!accepting() || !beginIfNeeded())
        return;
    bindLaunch(m_statements.insertLaunch, m_runId, launch);
    if (!stepInsert(m_statements.insertLaunch))
        return;
    m_launchId = sqlite3_last_insert_rowid(m_db.handle());
    m_launchRows[launch.id.value] = m_launchId;
    m_intervalSeq = 0;
    m_requestSeq = 0;
    m_summary.clear();
    countRows(1);
}

void TraceInserter::operator()(engine::LaunchSummary& summary)
{
    const auto row = launchRow(summary.id);
    if (!accepting() || row == 0 || !beginIfNeeded())
        return;
    auto& s = m_statements.updateLaunch;
    bindLaunchSummary(s, row, summary);
    s.bind(22, static_cast<std::int64_t>(m_summary.intervalCount()));
    s.bind(23, static_cast<std::int64_t>(m_summary.maxIntervalCycles()));
    s.bind(24, static_cast<std::int64_t>(m_summary.lastCycle()));
    if (!stepInsert(s))
        return;
    if (m_summary.intervalCount() > IntervalSummaryBuilder::kMaxRawIntervals)
        writeSummary();
    m_launchId = 0;
    countRows(1);
}

void TraceInserter::writeSummary()
{
    auto& s = m_statements.insertSummary;
    const auto& rows = m_summary.rows();
    for (std::size_t sm = 0; sm < rows.size() && accepting(); ++sm) {
        if (rows[sm].empty())
            continue;
        // Little-endian hosts only (x86-64, AArch64), as the blob's documented format is.
        s.bind(1, m_launchId);
        s.bind(2, static_cast<std::int64_t>(sm));
        s.bind(3, static_cast<std::int64_t>(m_summary.bucketCycles()));
        s.bind(4, std::int64_t { IntervalSummaryBuilder::kBucketCount });
        s.bind(5, static_cast<std::int64_t>(engine::kWarpStateCount));
        s.bindBlob(6, rows[sm].data(), rows[sm].size() * sizeof(std::uint32_t));
        stepInsert(s);
    }
}

void TraceInserter::operator()(std::vector<engine::PcCounter>& counters)
{
    if (!accepting() || m_launchId == 0 || !beginIfNeeded())
        return;
    for (const auto& counter : counters) {
        bindPcCounter(m_statements.insertPcCounter, m_launchId, counter);
        if (!stepInsert(m_statements.insertPcCounter))
            return;
    }
    countRows(counters.size());
}

void TraceInserter::operator()(std::vector<engine::CalleeCounter>& counters)
{
    if (!accepting() || m_launchId == 0 || !beginIfNeeded())
        return;
    for (const auto& counter : counters) {
        bindCalleeCounter(m_statements.insertCalleeCounter, m_launchId, counter);
        if (!stepInsert(m_statements.insertCalleeCounter))
            return;
    }
    countRows(counters.size());
}

void TraceInserter::operator()(std::vector<engine::WarpInterval>& intervals)
{
    if (!accepting() || m_launchId == 0 || !beginIfNeeded())
        return;
    for (const auto& interval : intervals) {
        bindInterval(m_statements.insertInterval, m_launchId, m_intervalSeq++, interval);
        if (!stepInsert(m_statements.insertInterval))
            return;
        m_summary.add(interval);
    }
    countRows(intervals.size());
}

void TraceInserter::operator()(RequestBatch& batch)
{
    if (!accepting() || m_launchId == 0 || !beginIfNeeded())
        return;
    std::string scratch;
    for (const auto& request : batch.requests) {
        const auto seq = m_requestSeq++;
        bindRequest(m_statements.insertRequest, m_launchId, seq, request);
        if (!stepInsert(m_statements.insertRequest))
            return;
        if (request.laneAddressIndex < batch.lanes.size()) {
            bindLanes(m_statements.insertLanes, m_launchId, seq, batch.lanes[request.laneAddressIndex], scratch);
            if (!stepInsert(m_statements.insertLanes))
                return;
        }
    }
    countRows(batch.requests.size());
}

void TraceInserter::operator()(std::vector<engine::StreamOp>& ops)
{
    if (!accepting() || !beginIfNeeded())
        return;
    for (const auto& op : ops) {
        bindStreamOp(m_statements.insertStreamOp, m_runId, op);
        if (!stepInsert(m_statements.insertStreamOp))
            return;
    }
    countRows(ops.size());
}

void TraceInserter::operator()(PrintfBatch& batch)
{
    if (!accepting() || !beginIfNeeded() || m_launchId == 0)
        return;
    for (std::size_t seq = 0; seq < batch.lines.size(); ++seq) {
        bindPrintfLine(m_statements.insertPrintfLine, m_launchId, static_cast<std::int64_t>(seq), batch.lines[seq]);
        if (!stepInsert(m_statements.insertPrintfLine))
            return;
    }
    m_statements.setPrintfDropped.bind(1, m_launchId);
    m_statements.setPrintfDropped.bind(2, static_cast<std::int64_t>(batch.dropped));
    if (!stepInsert(m_statements.setPrintfDropped))
        return;
    countRows(batch.lines.size());
}

void TraceInserter::operator()(std::vector<engine::SweepPoint>& points)
{
    if (!accepting() || !beginIfNeeded())
        return;
    for (const auto& point : points) {
        bindSweepPoint(m_statements.insertSweepPoint, m_runId, point);
        if (!stepInsert(m_statements.insertSweepPoint))
            return;
    }
    countRows(points.size());
}

std::int64_t TraceInserter::launchRow(engine::LaunchId id) const
{
    const auto it = m_launchRows.find(id.value);
    return it == m_launchRows.end() ? 0 : it->second;
}

} // namespace model
