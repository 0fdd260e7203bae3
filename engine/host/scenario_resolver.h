#pragma once

#include "engine/common/result.h"
#include "engine/host/resolved_scenario.h"

namespace engine {

/// Evaluates a scenario's expressions with its params replaced by `overrides` (from `--set` or a sweep),
/// and checks every reference: buffer names, copy sizes against buffer sizes, events waited on before they
/// are recorded, launch shapes. Errors name the scenario file and the JSON path of the offending value.
Result<ResolvedScenario> resolveScenario(const ScenarioSpec& spec, const ParamValues& overrides = {});

} // namespace engine
