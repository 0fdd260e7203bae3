#pragma once

#include "model/chart/svg_chart.h"
#include "model/report/report_data.h"
#include "model/store/stored_sweep_snapshot.h"

#include <optional>

namespace model {

/// The stream timeline of the run: one row per stream, copies and kernels as bars. Empty without operations.
std::optional<SvgTimeline> streamChart(const ReportData& data);

/// What an occupancy graph varies.
enum class OccupancyInputKind { ThreadsPerBlock, RegistersPerThread, SharedBytesPerBlock };

/// One of the three graphs of CUDA's occupancy calculator for a launch: occupancy against threads per block,
/// registers per thread or shared memory per block, the other two inputs as the launch had them, the
/// launch's own value marked.
std::optional<SvgLineChart> occupancyChart(const ReportLaunch& launch, OccupancyInputKind kind);

/// The sweep's effective bandwidth against the swept parameter, one curve per device, each device's
/// theoretical bandwidth as a dashed line (the Best Practices Guide's offset and stride figures). Empty
/// for a run without sweep points.
std::optional<SvgLineChart> bandwidthChart(const ReportData& data);

/// The same sweep as a percentage of each device's theoretical bandwidth, so generations whose bandwidths
/// differ by an order of magnitude share one scale. Empty for fewer than two devices.
std::optional<SvgLineChart> bandwidthPercentChart(const ReportData& data);

} // namespace model
