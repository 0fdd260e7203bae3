#pragma once

#include "model/roofline/roofline_run.h"

#include <nlohmann/json.hpp>

namespace model {

/// One device's run as `warpscope-cli roofline --json` prints it and reports embed it: the roofs with their
/// derivations and sources, and per launch its FLOPs, points, speed of light and memory chart.
nlohmann::json rooflineJson(const RooflineRun& run);

} // namespace model
