#pragma once

#include "model/occupancy/occupancy_snapshot.h"

#include <QString>

namespace model {

struct LaunchSummary;

/// The occupancy calculator's inputs that a launch ran with: threads per block (the block's three dimensions
/// multiplied), registers per thread and shared memory per block (static + dynamic). Where the launch does not
/// know its registers (0), `fallback`'s stay.
OccupancyInputs launchInputs(const LaunchSummary& launch, const OccupancyInputs& fallback);

/// "256 threads, 10 registers, 0 B shared per block".
QString describeInputs(const OccupancyInputs& inputs);

} // namespace model
