#pragma once

#include "engine/profiling/roofline.h"
#include "views/plot/qcustomplot.h"

#include <QColor>

#include <optional>

namespace views {

/// A device's colour on the roofline: the current run in the first colour, baselines in the next ones.
QColor rooflineDeviceColor(int index, bool current);

/// The marker of a memory level's dots: DRAM a disc, L2 a square, L1 a triangle, shared a diamond.
QCPScatterStyle::ScatterShape rooflineLevelShape(engine::MemoryLevel level);

/// A link's colour by its share of the link's peak, as Nsight Compute's memory chart shades it: grey when
/// unknown, from a pale blue at 0 % to a deep red at 100 % and beyond.
QColor linkColor(const std::optional<double>& percent);

} // namespace views
