#include "views/stepper/lane_strip_layout.h"

#include <algorithm>

namespace views {

double LaneStripLayout::cellWidth() const
{
    const double gaps = gap * (kLanes - 1) + halfWarpGap;
    return std::max(1.0, (bounds.width() - gaps) / kLanes);
}

QRectF LaneStripLayout::laneRect(int lane) const
{
    if (lane < 0 || lane >= kLanes)
        return {};
    const double w = cellWidth();
    const double x = bounds.left() + lane * (w + gap) + (lane >= kLanes / 2 ? halfWarpGap : 0);
    return { x, bounds.top(), w, bounds.height() };
}

int LaneStripLayout::laneAt(QPointF point) const
{
    for (int lane = 0; lane < kLanes; ++lane) {
        if (laneRect(lane).contains(point))
            return lane;
    }
    return -1;
}

LaneState LaneStripLayout::stateOf(int lane, quint32 valid, quint32 active, quint32 exited)
{
    const quint32 bit = 1u << lane;
    if ((valid & bit) == 0)
        return LaneState::Absent;
    if ((exited & bit) != 0)
        return LaneState::Exited;
    return (active & bit) != 0 ? LaneState::Active : LaneState::Inactive;
}

QColor LaneStripLayout::colorOf(LaneState state)
{
    switch (state) {
    case LaneState::Active: return QColor(0x2e, 0x9e, 0x4f); // green: executes the next instruction
    case LaneState::Inactive: return QColor(0xe0, 0xa0, 0x30); // amber: waits on the other side of a branch
    case LaneState::Exited: return QColor(0x80, 0x80, 0x80); // grey: has exited
    case LaneState::Absent: return QColor(0xe8, 0xe8, 0xe8); // no thread (partial last warp)
    }
    return {};
}

} // namespace views
