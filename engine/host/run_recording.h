#pragma once

#include "engine/device/device_profile.h"
#include "engine/host/resolved_scenario.h"
#include "engine/host/run_report.h"
#include "engine/ptx/module.h"
#include "engine/trace/trace_sink.h"

#include <string>

namespace engine {

/// What a recorded run says about itself beyond its report: when and with what it was made.
struct RecordingContext {
    std::string date; ///< ISO 8601 UTC
    std::string toolVersion;
    std::string deviceProfileJson; ///< the profile's text; empty: readers fall back to the built-in profile
    std::string deviceName; ///< the profile's marketing name ("Tesla V100-SXM2-16GB (Volta GV100)")
};

/// The module record of a scenario's kernels: its path, the PTX text the engine ran (the .ptx file, or the
/// PTX shipped beside a .cu for this device) and the CUDA source when the module is a .cu file. Texts
/// that cannot be read are left empty.
ModuleRecord scenarioModuleRecord(const ResolvedScenario& scenario, const ptx::Module& module, const DeviceProfile& profile);

/// Sends a finished run to a trace sink in the sink's order: beginRun, the module, each kernel before its
/// first launch, each launch (per-PC counters of the kernel function with their PTX lines — a called .func
/// counts in the launch totals only — the warp intervals the timing model
/// recorded, the summary with the stream timeline's start), the stream timeline, endRun. Kernel launches
/// on the timeline are matched to launches in issue order.
void recordRun(const RunReport& report, const ResolvedScenario& scenario, const ptx::Module& module,
    const ModuleRecord& moduleRecord, const RecordingContext& context, TraceSink& sink);

} // namespace engine
