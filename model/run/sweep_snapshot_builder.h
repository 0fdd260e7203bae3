#pragma once

#include "model/run/sweep_snapshot.h"

#include <vector>

namespace engine {
class DeviceCatalog;
struct SweepRun;
}

namespace model {

/// Groups sweep points (ordered by device, then value) into one series per device, with each metric
/// summed over the point's launches. Runs on the worker thread that ran the sweep.
SweepSnapshot buildSweepSnapshot(const std::vector<engine::SweepRun>& points, const QString& param,
    const engine::DeviceCatalog& catalog);

} // namespace model
