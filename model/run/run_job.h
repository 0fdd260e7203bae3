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

/// Prepares and runs one scenario on the calling (worker) thread, then copies the report into a snapshot.
JobResult<RunSnapshot> executeRun(const RunRequest& request, const engine::DeviceCatalog& catalog,
    std::stop_token stop, const ProgressCallback& progress);

/// `overrides` as the engine's parameter map.
engine::ParamValues toParamValues(const QMap<QString, qint64>& overrides);

} // namespace model
