#pragma once

#include "engine/trace/warp_state.h"

#include <QColor>

namespace views {

/// The warp timeline's colour of a state: issuing green, eligible pale green, waiting on memory orange, on a
/// dependency yellow, at a barrier purple, idle grey — the conventions of GPU profilers' warp-state charts.
QColor warpStateColor(engine::WarpState state);

} // namespace views
