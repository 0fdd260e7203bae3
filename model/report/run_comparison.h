#pragma once

#include "engine/common/result.h"
#include "model/report/metric_difference.h"
#include "model/store/trace_snapshots.h"

#include <cstdint>
#include <string>
#include <vector>

namespace model {

class TraceReader;

/// Launch i of run A beside launch i of run B (a launch only one run has keeps the other side empty).
struct LaunchComparison {
    std::size_t index = 0;
    std::string kernelA; ///< empty when run A has no launch i
    std::string kernelB;
    std::vector<MetricDifference> metrics; ///< every launchMetrics() entry
};

/// Two stored runs side by side: the same kernel on two devices, two kernels, or two parameter values.
struct RunComparison {
    RunRow a;
    RunRow b;
    MetricDifference totalTimeUs;
    std::vector<LaunchComparison> launches;
};

/// Compares two complete runs of one trace file, launch by launch in launch order. Errors name the file
/// and the run that is missing.
engine::Result<RunComparison> compareRuns(const TraceReader& reader, std::int64_t runA, std::int64_t runB);

} // namespace model
