#pragma once

#include "engine/common/result.h"
#include "engine/trace/run_info.h"
#include "model/run/sweep_snapshot.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace model {

class TraceReader;

/// The value of parameter `name` at a sweep point; nullopt when the point lacks it.
std::optional<std::int64_t> sweepParameterValue(const engine::SweepPoint& point, const std::string& name);

/// The parameter a sweep varies: the first whose value differs between points; empty when none does.
std::string sweptParameter(const std::vector<engine::SweepPoint>& points);

/// A recorded sweep as the Bandwidth view shows it: effective bandwidth against the swept parameter, one
/// series per device (the only metric a stored sweep point keeps). nullopt for a run without sweep points.
engine::Result<std::optional<SweepSnapshot>> loadStoredSweep(const TraceReader& reader, std::int64_t runId);

} // namespace model
