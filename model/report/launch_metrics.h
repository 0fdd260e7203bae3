#pragma once

#include "engine/device/device_profile.h"
#include "engine/trace/run_info.h"

#include <span>
#include <string_view>

namespace model {

/// One per-launch figure of a stored run: its `run --json` key (DESIGN.md), the name nvprof gave the
/// counter on the generations nvprof profiled, the Nsight Compute metric that measures it, and how to read
/// it from a stored launch. docs/metric_names.md lists the mapping.
struct LaunchMetric {
    std::string_view key; ///< "global_load_sectors"
    std::string_view label; ///< "Global load sectors"
    std::string_view nvprofName; ///< "gld_transactions"; empty when nvprof had no such counter
    std::string_view ncuName; ///< "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"; empty when none
    double fromNcu = 1.0; ///< ncu's value in base units (see parseNcuCsv) × fromNcu = this metric's value
    double (*read)(const engine::LaunchSummary&) = nullptr;
};

/// Every metric, in the order reports list them.
std::span<const LaunchMetric> launchMetrics();

/// Whether report columns take nvprof's names for a device of compute capability `cc`: nvprof collected
/// metrics up to CC 7.2 (Volta); Turing (7.5) and later are profiled with Nsight Compute. The 1.x devices
/// predate nvprof; they keep nvprof's names, the closest command-line vocabulary for them.
bool usesNvprofNames(engine::ComputeCapability cc);

/// The column name of `metric` for that device: nvprof's or Nsight Compute's name, or the JSON key when the
/// profiler had no counter for it.
std::string_view columnName(const LaunchMetric& metric, engine::ComputeCapability cc);

} // namespace model
