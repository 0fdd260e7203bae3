#pragma once

#include "engine/common/result.h"
#include "engine/device/device_profile.h"
#include "engine/occupancy/occupancy_calculator.h"
#include "engine/occupancy/occupancy_curves.h"
#include "model/roofline/roofline_run.h"
#include "model/store/trace_snapshots.h"

#include <optional>
#include <string>
#include <vector>

namespace model {

class TraceReader;

/// One PTX line of a launch with its summed counters.
struct ReportLine {
    LineCounterRow counters;
    std::string ptxText; ///< the line's text, trimmed
};

/// One launch as a report shows it.
struct ReportLaunch {
    LaunchRow row;
    engine::KernelRecord kernel;
    engine::OccupancyInput occupancyInput;
    std::optional<engine::OccupancyResult> occupancy; ///< empty when the configuration cannot launch
    std::string occupancyText; ///< explainOccupancy's sentences
    engine::OccupancyCurves occupancyCurves; ///< the calculator's three graphs around this configuration
    std::optional<double> loadEfficiency; ///< requested ÷ moved global bytes, from the recorded requests
    std::optional<double> storeEfficiency;
    std::string guidance; ///< a sentence citing the Best Practices Guide; empty when none applies
    std::vector<ReportLine> lines; ///< every line with counters, in line order
    std::vector<ReportLine> hottestLines; ///< kReportHottestLines lines: most stalled, most memory, most executed
};

/// Everything a report of one stored run holds: read once, then written as PDF, HTML, JSON or CSV.
struct ReportData {
    RunDetail detail;
    engine::DeviceProfile device;
    double theoreticalBandwidthGbps = 0; ///< Best Practices Guide §8.2.1
    std::vector<ReportLaunch> launches;
    std::vector<engine::StreamOp> streamOps;
    std::vector<engine::SweepPoint> sweepPoints;
    /// The run's roofline, speed of light and memory charts; empty when the run's PTX could not be read back.
    std::optional<RooflineRun> roofline;
};

/// How many of a launch's lines a report lists.
inline constexpr std::size_t kReportHottestLines = 10;

/// Reads run `runId` of a trace file for a report. Errors name the file.
engine::Result<ReportData> loadReportData(const TraceReader& reader, std::int64_t runId);

} // namespace model
