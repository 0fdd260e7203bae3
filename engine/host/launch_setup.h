#pragma once

#include "engine/common/result.h"
#include "engine/host/prepared_scenario.h"
#include "engine/simt/launch.h"

#include <memory>

namespace engine {

/// One launch of a scenario, set up as the scenario runner would have it at that point: the scenario's
/// buffers allocated and filled (initialContents), and every step before the launch applied — copies and
/// memsets for real, earlier launches run functionally — so the launch sees the same memory. For the
/// warp stepper, which runs one block of this launch on `memory`.
struct LaunchSetup {
    simt::DeviceMemory memory;
    simt::ModuleImage image; ///< the module's variables in `memory`, as earlier symbol copies and launches left them
    LaunchOp op; ///< the launch step as the scenario wrote it
    std::string stepPath; ///< "/steps/1"
    /// The launch itself; points into the PreparedScenario passed to setUpLaunch (module and profile),
    /// which must outlive it; moduleImage points at `image`.
    simt::LaunchRequest request;
};

/// Sets up the `launchOrdinal`-th launch step (0: the first) of `prepared`. A user error when the scenario
/// has no such launch, the kernel is unknown, the shape exceeds the device, an argument does not fit, or
/// an earlier launch faults.
Result<std::unique_ptr<LaunchSetup>> setUpLaunch(const PreparedScenario& prepared, std::size_t launchOrdinal = 0);

} // namespace engine
