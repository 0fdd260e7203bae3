#pragma once

#include "engine/common/result.h"
#include "engine/device/device_profile.h"
#include "engine/host/kernel_executor.h"
#include "engine/host/resolved_scenario.h"
#include "engine/host/run_report.h"
#include "engine/ptx/module.h"

#include <functional>
#include <stop_token>

namespace engine {

/// Progress of a run, for progress bars: steps done of all steps and, inside a launch, its blocks finished.
struct RunProgress {
    std::size_t stepsDone = 0;
    std::size_t stepCount = 0;
    std::string current; ///< the step's JSON path, "/steps/2"
    std::uint64_t blocksDone = 0; ///< of the launch in progress (then `current` is its step); 0 between steps
    std::uint64_t blockCount = 0; ///< that launch's grid; 0 between steps
};

struct RunOptions {
    std::uint64_t instructionBudget = 2'000'000'000; ///< warp instructions per launch (runaway loops)
    std::stop_token stop;
    std::function<void(const RunProgress&)> progress; ///< called on the running thread; may be empty
    /// Called on the running thread after each kernel launch step, with the report of the steps done so far:
    /// every launch in it is final (counters, cycles, its place on the timeline); later steps are absent and
    /// `buffers` is empty. Lets a GUI show the first launches while the rest run. May be empty (then it costs
    /// nothing).
    std::function<void(const RunReport& soFar)> launchFinished;
    bool collectBuffers = true; ///< copy every buffer's final bytes into RunReport::buffers (for --dump, tests)
    /// Host threads that fill large buffers and run large copies and memsets (0: one per usable core). Nothing the
    /// run reports depends on it; the launches' own threads are the executor's (TimingOptions::threads).
    unsigned threads = 1;
};

/// Runs a resolved scenario on a device: allocates and fills the buffers, performs every step in order —
/// copies and memsets for real, kernels through `executor` — and places each operation on the stream
/// timeline (StreamScheduler, transfer_model.h). A user error (unknown kernel, wrong argument count,
/// launch too large for the device, memcheck fault) stops the run with an Error naming the step.
Result<RunReport> runScenario(const ResolvedScenario& scenario, const ptx::Module& module,
    const DeviceProfile& profile, KernelExecutor& executor, const RunOptions& options = {});

} // namespace engine
