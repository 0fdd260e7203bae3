#pragma once

#include "engine/common/result.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/run_report.h"

#include <cstdint>
#include <string>

namespace model {

/// Appends a finished run to the session database `dbPath` (created when missing) and returns its run id:
/// the module's PTX and CUDA source, the device profile's text, per-PC counters, warp intervals, launch
/// summaries and the stream timeline. The run becomes visible to readers only once complete; errors name the
/// database file.
engine::Result<std::int64_t> recordScenarioRun(const std::string& dbPath, const engine::RunReport& report,
    const engine::PreparedScenario& prepared);

/// The current time as ISO 8601 UTC, "2026-11-22T12:00:00Z".
std::string utcNow();

} // namespace model
