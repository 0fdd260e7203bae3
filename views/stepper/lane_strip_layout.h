#pragma once

#include <QColor>
#include <QPointF>
#include <QRectF>

namespace views {

/// The state of one lane in the 32-lane strip.
enum class LaneState { Active, Inactive, Exited, Absent };

/// Geometry and colours of the 32-lane strip, kept out of paint code so it can be tested: lanes left to
/// right in equal cells with a gap, a wider gap between the two half-warps. Plain value type.
struct LaneStripLayout {
    static constexpr int kLanes = 32;

    QRectF bounds; ///< the widget's drawing area
    double gap = 2; ///< between lanes, pixels
    double halfWarpGap = 8; ///< extra gap between lane 15 and lane 16

    /// The cell of `lane` (0..31); an empty rectangle for other values.
    QRectF laneRect(int lane) const;
    /// The lane under `point`, or -1.
    int laneAt(QPointF point) const;
    /// The state of `lane` from the warp's masks.
    static LaneState stateOf(int lane, quint32 valid, quint32 active, quint32 exited);
    static QColor colorOf(LaneState state);

private:
    double cellWidth() const;
};

} // namespace views
