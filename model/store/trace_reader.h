#pragma once

#include "engine/common/result.h"
#include "engine/simt/printf_log.h"
#include "model/store/sqlite_database.h"
#include "model/store/trace_snapshots.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace model {

/// Read-only queries on a trace file, each returning an immutable snapshot (plain structs) or an error
/// naming the file. Only complete runs are visible. Open one reader per worker thread; a reader is used
/// by one thread at a time and sees the runs complete when each query starts (WAL snapshot per query).
class TraceReader {
public:
    /// Fails, naming the file, when it is missing, not SQLite, not a warpscope trace, or of another
    /// schema version.
    static engine::Result<TraceReader> open(const std::string& path);

    const std::string& path() const { return m_db.path(); }

    engine::Result<std::vector<RunRow>> runs() const;
    /// The newest complete run, or nullopt for a file without one.
    engine::Result<std::optional<std::int64_t>> latestRunId() const;
    engine::Result<RunDetail> runDetail(std::int64_t runId) const;
    engine::Result<std::vector<LaunchRow>> launches(std::int64_t runId) const;
    engine::Result<std::vector<engine::PcCounter>> pcCounters(std::int64_t launchId) const;
    engine::Result<std::vector<engine::CalleeCounter>> calleeCounters(std::int64_t launchId) const;
    engine::Result<std::vector<engine::simt::PrintfLine>> printfLines(std::int64_t launchId) const;
    engine::Result<std::vector<LineCounterRow>> lineCounters(std::int64_t launchId) const;
    /// The launch's recorded memory requests summed per state space and kind.
    engine::Result<std::vector<RequestTotalsRow>> requestTotals(std::int64_t launchId) const;
    engine::Result<TimelineWindow> timeline(const TimelineRequest& request) const;
    /// Calls `onInterval` for every recorded interval of the launch, in start-cycle order.
    std::optional<engine::Error> forEachInterval(std::int64_t launchId,
        const std::function<void(const engine::WarpInterval&)>& onInterval) const;
    engine::Result<std::vector<engine::StreamOp>> streamOps(std::int64_t runId) const;
    engine::Result<std::vector<engine::SweepPoint>> sweepPoints(std::int64_t runId) const;

private:
    explicit TraceReader(SqliteDatabase db);

    SqliteDatabase m_db;
};

} // namespace model
