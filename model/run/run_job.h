#pragma once

#include "model/run/run_request.h"
#include "model/run/run_snapshot.h"

#include "engine/host/int_expression.h"

#include <functional>
#include <stop_token>
#include <variant>

namespace engine {
class DeviceCatalog;
}

namespace model {

/// A job's progress: `done` of `total` units (steps of a run, points of a sweep), and what runs now.
using ProgressCallback = std::function<void(int done, int total, const QString& current)>;

/// The result of a background job: a snapshot, or the user error that stopped it as one line.
template <typename Snapshot>
using JobResult = std::variant<Snapshot, QString>;

/// Results so far of a run in flight. After each launch but the last, `wanted` says whether the worker should
/// build a snapshot now (a throttle: building one copies every finished launch); `deliver` then gets it.
/// Both are called on the worker thread; either may be empty (then no partial snapshot is built).
struct PartialRunCallbacks {
    std::function<bool(int launchesDone, int launchCount)> wanted;
    std::function<void(RunSnapshot soFar)> deliver;
    /// A scratch database, never the session database: the finished launches are recorded there as each
    /// snapshot is built (PartialRunRecorder), and the snapshot names it (databasePath, runId) for the views that
    /// read databases. Empty: snapshots name no database.
    QString database;
};

/// Prepares and runs one scenario on the calling (worker) thread, then copies the report into a snapshot.
/// `partial` receives snapshots of the launches finished so far while the run goes on.
JobResult<RunSnapshot> executeRun(const RunRequest& request, const engine::DeviceCatalog& catalog,
    std::stop_token stop, const ProgressCallback& progress, const PartialRunCallbacks& partial = {});

/// `overrides` as the engine's parameter map.
engine::ParamValues toParamValues(const QMap<QString, qint64>& overrides);

} // namespace model
