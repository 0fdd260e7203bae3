#pragma once

#include <QString>

namespace app {

/// The folder with warpscope's bundled resources (scenarios, kernels): $WARPSCOPE_RESOURCES when set, else
/// `<executable dir>/../share/warpscope/resources` (the installed layout, which the build tree mirrors with a
/// link to the source tree's resources/, so build/bin/warpscope finds them too). Empty when none exists.
QString bundledResourceDirectory();

/// The bundled demo: resources/scenarios/offset_copy.json; empty when it is missing.
QString demoScenarioPath();

/// The user guide's contents page, `<executable dir>/../share/doc/warpscope/guide/index.html` (installed, or
/// rendered into the build tree's mirror); empty when it is missing.
QString userGuidePath();

/// The staged copy-and-execute scenario with four streams (resources/scenarios/staged_copy_4_streams.json).
QString stagedCopyScenarioPath();

} // namespace app
