#pragma once

#include "model/run/run_job.h"
#include "model/run/sweep_request.h"

#include "engine/common/result.h"
#include "engine/host/sweep.h"

#include <vector>

namespace model {

/// The range `request` sweeps (a step below 1 counts as 1).
engine::SweepRange sweepRange(const SweepRequest& request);

/// Runs every device × value of `request` through engine::runSweep with the GUI's executor, and with
/// `request.overrides` applied to every point (the GUI sweeps the scenario at the parameters its run used).
/// Each point is an independent run, so the results do not depend on the thread count; ordered by device,
/// then value. The first failing point's error, naming device and value, stops the sweep. Called on a
/// worker thread; `progress` and `onPoint` (each point as it finishes, engine::SweepOptions::onPoint) are
/// called from the pool's threads, one at a time.
engine::Result<std::vector<engine::SweepRun>> runSweepPoints(const SweepRequest& request,
    const engine::DeviceCatalog& catalog, std::stop_token stop, const ProgressCallback& progress,
    std::function<void(std::size_t index, const engine::SweepRun& point)> onPoint = {});

} // namespace model
