#pragma once

#include "engine/host/run_report.h"

namespace engine {

/// The share of a run's thread blocks that the executor simulated, over all its launches: 1 when every block
/// ran, less when the timing model sampled steady launches and extrapolated the rest
/// (KernelOutcome::simulatedBlocks, engine/timing/steady_state_detector.h). 1 for a run without launches.
double simulatedShare(const RunReport& report);

} // namespace engine
