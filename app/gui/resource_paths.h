#pragma once

#include <QString>

namespace app {

/// The folder with warpscope's bundled resources (scenarios, kernels). Looked up in this order:
/// $WARPSCOPE_RESOURCES; `<executable dir>/../share/warpscope/resources` (an installed tree); the source
/// tree's resources/ folder, which the build passes in as WARPSCOPE_SOURCE_RESOURCES so that
/// build/bin/warpscope finds them without installing. Empty when none exists.
QString bundledResourceDirectory();

/// The bundled demo: resources/scenarios/offset_copy.json; empty when it is missing.
QString demoScenarioPath();

/// The staged copy-and-execute scenario with four streams (resources/scenarios/staged_copy_4_streams.json).
QString stagedCopyScenarioPath();

} // namespace app
