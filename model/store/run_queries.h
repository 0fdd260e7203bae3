#pragma once

#include "engine/common/result.h"
#include "model/store/trace_snapshots.h"

#include <optional>
#include <vector>

namespace model {

class SqliteDatabase;

// Queries about runs. Complete runs only: an incomplete run is invisible by design. Reader thread.

engine::Result<std::vector<RunRow>> queryRuns(const SqliteDatabase& db);
/// NotFound when `runId` is not a complete run of this file.
engine::Result<RunDetail> queryRunDetail(const SqliteDatabase& db, std::int64_t runId);
engine::Result<std::vector<engine::StreamOp>> queryStreamOps(const SqliteDatabase& db, std::int64_t runId);
engine::Result<std::vector<engine::SweepPoint>> querySweepPoints(const SqliteDatabase& db, std::int64_t runId);

} // namespace model
