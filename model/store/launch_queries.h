#pragma once

#include "engine/common/result.h"
#include "engine/simt/printf_log.h"
#include "model/store/trace_snapshots.h"

#include <vector>

namespace model {

class SqliteDatabase;

// Queries about the launches of complete runs. Reader thread.

engine::Result<std::vector<LaunchRow>> queryLaunches(const SqliteDatabase& db, std::int64_t runId);
/// NotFound when `launchId` is not a launch of a complete run.
engine::Result<LaunchRow> queryLaunch(const SqliteDatabase& db, std::int64_t launchId);
engine::Result<std::vector<engine::PcCounter>> queryPcCounters(const SqliteDatabase& db, std::int64_t launchId);
/// The launch's callee functions' per-PC issue totals (empty for runs recorded before schema version 8).
engine::Result<std::vector<engine::CalleeCounter>> queryCalleeCounters(const SqliteDatabase& db, std::int64_t launchId);
/// The launch's device printf lines in the order they were printed (schema version 5; none before).
engine::Result<std::vector<engine::simt::PrintfLine>> queryPrintfLines(const SqliteDatabase& db, std::int64_t launchId);
engine::Result<std::vector<LineCounterRow>> queryLineCounters(const SqliteDatabase& db, std::int64_t launchId);
engine::Result<std::vector<RequestTotalsRow>> queryRequestTotals(const SqliteDatabase& db, std::int64_t launchId);

} // namespace model
