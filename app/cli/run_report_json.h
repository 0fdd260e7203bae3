#pragma once

#include "engine/host/run_report.h"

#include <nlohmann/json.hpp>

namespace app::cli {

/// The `run --json` document of DESIGN.md: device, total_time_us, timeline and launches with their
/// counters. Keys a run could not measure (timing without a timing model) are null.
nlohmann::json runReportJson(const engine::RunReport& report);

/// One launch's object of that document.
nlohmann::json launchJson(const engine::LaunchReport& launch);

} // namespace app::cli
