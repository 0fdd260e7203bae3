#pragma once

#include "engine/common/result.h"
#include "engine/profiling/memory_chart.h"
#include "engine/profiling/roofline.h"
#include "engine/profiling/speed_of_light.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace model {

class TraceReader;

/// One recorded launch with its place on the roofline, its speed of light and its memory chart.
struct RooflineLaunch {
    std::int64_t launchId = 0; ///< launches.id
    int index = 0; ///< the launch's position in its run
    std::string kernel;
    double startUs = 0; ///< on the run's timeline
    double timeUs = 0;
    engine::LaunchCounters counters;
    std::optional<engine::LaunchRoofline> roofline; ///< empty untimed
    std::optional<engine::SpeedOfLight> speedOfLight; ///< empty untimed
    engine::MemoryChart memoryChart;
};

/// A stored run's roofline: its device's roofs and its launches. Immutable once loaded (worker thread or CLI).
struct RooflineRun {
    std::int64_t runId = 0;
    std::string deviceId;
    std::string deviceName;
    std::string scenarioName;
    engine::DeviceCeilings ceilings;
    std::vector<RooflineLaunch> launches;
    std::optional<engine::MemoryChartLink> hostLink; ///< the run's copies between host and device; empty with none
};

/// Reads run `runId`: its device profile, and per launch the kernel's per-PC counters with the kernel's PTX
/// (re-parsed to class each executed instruction), the memory counters and the timing model's figures. Only the
/// kernel function's PCs are recorded, so work done in called .func bodies is not counted. Errors name the file.
engine::Result<RooflineRun> loadRooflineRun(const TraceReader& reader, std::int64_t runId);

} // namespace model
