#pragma once

#include "views/streams/time_axis.h"

#include <QPalette>
#include <QRectF>

#include <optional>
#include <utility>

class QPainter;

namespace views {

/// A time interval a timeline lets the user drag out with Shift held (the drag in progress, drawn as a band),
/// and the interval currently selected (everything outside it drawn dimmed). Times in the axis' unit; plain
/// data and painting, so both timelines share it and it is tested on numbers.
class RangeBand {
public:
    using Interval = std::pair<double, double>;

    /// Starts a drag at pixel `x`.
    void begin(double x) { m_drag = { x, x }; }
    bool dragging() const { return m_drag.has_value(); }
    void moveTo(double x);
    /// Ends the drag: the interval it covers in time, or nothing when it was narrower than a few pixels
    /// (a Shift+click) or was cancelled.
    std::optional<Interval> finish(const TimeAxis& axis);
    void cancel() { m_drag.reset(); }

    void setSelected(std::optional<Interval> interval) { m_selected = interval; }
    const std::optional<Interval>& selected() const { return m_selected; }

    /// Paints the dimmed outside of the selection and the band being dragged, inside `timeArea`.
    void paint(QPainter& painter, const TimeAxis& axis, const QRectF& timeArea, const QPalette& palette) const;

    static constexpr double minimumWidthPx = 4;

private:
    std::optional<Interval> m_drag; ///< pixels: where it began, where it is now
    std::optional<Interval> m_selected; ///< time
};

} // namespace views
