#pragma once

#include "engine/common/result.h"
#include "engine/profiling/ncu_csv.h"
#include "model/report/metric_difference.h"
#include "model/store/trace_snapshots.h"

#include <cstdint>
#include <string>
#include <vector>

namespace model {

class TraceReader;

/// One stored launch beside the Nsight Compute record measured for the same kernel.
struct MeasuredLaunch {
    std::size_t index = 0; ///< launch index in the run
    std::string kernel;
    int ncuId = 0; ///< the ID column of the export
    std::vector<MetricDifference> metrics; ///< a = measured, b = the model; only metrics the export has
    std::vector<std::string_view> ncuNames; ///< the ncu metric behind each entry of `metrics`
};

/// A run's launches against an ncu CSV export of the same program.
struct NcuComparison {
    RunRow run;
    std::vector<MeasuredLaunch> launches;
    std::vector<std::string> unmatched; ///< "launch 2 (transposeNaive): no ncu record of this kernel left"
};

/// Pairs the run's launches, in order, with the export's records: the next record of the same kernel (the
/// function name without namespace and parameter list), preferring one with the same grid and block.
/// Each pair compares every launch metric that has an Nsight Compute name and a value in the export,
/// converted to the model's units.
engine::Result<NcuComparison> compareWithNcu(const TraceReader& reader, std::int64_t runId,
    const std::vector<engine::NcuKernelRecord>& records);

/// "offsetCopy" from "copies::offsetCopy(float *, float *, int)" or "void offsetCopy<4>(float*)".
std::string kernelBaseName(std::string_view name);

} // namespace model
