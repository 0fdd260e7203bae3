#pragma once

#include "model/run/run_job.h"
#include "model/run/sweep_request.h"

#include "engine/common/result.h"
#include "engine/host/sweep.h"

#include <vector>

namespace model {

/// Runs every device × value of `request` through engine::runSweep with the GUI's executor, and with
/// `request.overrides` applied to every point (the GUI sweeps the scenario at the parameters its run used).
/// Each point is an independent run, so the results do not depend on the thread count; ordered by device,
/// then value. The first failing point's error, naming device and value, stops the sweep. Called on a
/// worker thread; `progress` is called from the pool's threads, one at a time.
engine::Result<std::vector<engine::SweepRun>> runSweepPoints(const SweepRequest& request,
    const engine::DeviceCatalog& catalog, std::stop_token stop, const ProgressCallback& progress);

} // namespace model
