#include "model/store/trace_reader.h"

#include "model/store/launch_queries.h"
#include "model/store/run_queries.h"
#include "model/store/timeline_query.h"
#include "model/store/trace_file_opener.h"

namespace model {

engine::Result<TraceReader> TraceReader::open(const std::string& path)
{
    auto db = openTraceForReading(path);
    if (!db)
        return db.error();
    return TraceReader(std::move(db).value());
}

TraceReader::TraceReader(SqliteDatabase db)
    : m_db(std::move(db))
{
}

engine::Result<std::vector<RunRow>> TraceReader::runs() const { return queryRuns(m_db); }

engine::Result<std::optional<std::int64_t>> TraceReader::latestRunId() const
{
    auto id = m_db.queryInt("SELECT coalesce(max(id), 0) FROM runs WHERE complete = 1", "cannot read the database");
    if (!id)
        return id.error();
    return *id == 0 ? std::nullopt : std::optional<std::int64_t>(*id);
}

engine::Result<RunDetail> TraceReader::runDetail(std::int64_t runId) const { return queryRunDetail(m_db, runId); }

engine::Result<std::vector<LaunchRow>> TraceReader::launches(std::int64_t runId) const
{
    return queryLaunches(m_db, runId);
}

engine::Result<std::vector<engine::CalleeCounter>> TraceReader::calleeCounters(std::int64_t launchId) const
{
    return queryCalleeCounters(m_db, launchId);
}

engine::Result<std::vector<engine::PcCounter>> TraceReader::pcCounters(std::int64_t launchId) const
{
    return queryPcCounters(m_db, launchId);
}

engine::Result<std::vector<engine::simt::PrintfLine>> TraceReader::printfLines(std::int64_t launchId) const
{
    return queryPrintfLines(m_db, launchId);
}

engine::Result<std::vector<LineCounterRow>> TraceReader::lineCounters(std::int64_t launchId) const
{
    return queryLineCounters(m_db, launchId);
}

engine::Result<std::vector<RequestTotalsRow>> TraceReader::requestTotals(std::int64_t launchId) const
{
    return queryRequestTotals(m_db, launchId);
}

engine::Result<TimelineWindow> TraceReader::timeline(const TimelineRequest& request) const
{
    return queryTimeline(m_db, request);
}

std::optional<engine::Error> TraceReader::forEachInterval(std::int64_t launchId,
    const std::function<void(const engine::WarpInterval&)>& onInterval) const
{
    return scanIntervals(m_db, launchId, onInterval);
}

engine::Result<std::vector<engine::StreamOp>> TraceReader::streamOps(std::int64_t runId) const
{
    return queryStreamOps(m_db, runId);
}

engine::Result<std::vector<engine::SweepPoint>> TraceReader::sweepPoints(std::int64_t runId) const
{
    return querySweepPoints(m_db, runId);
}

} // namespace model
