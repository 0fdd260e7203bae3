#pragma once

#include <QPointF>
#include <QVector>

#include <optional>

namespace views {

/// The math of a log-log roofline, apart from paint code: where a memory roof meets a compute roof, the
/// attainable rate at an intensity, the axis range that shows every roof and point, and which point a click hit.
namespace roofline_geometry {

    /// The intensity (work per byte) where `bytesPerSecond` × intensity reaches `workPerSecond`.
    double ridge(double bytesPerSecond, double workPerSecond);
    /// min(bandwidth × intensity, peak): the attainable rate under one memory and one compute roof.
    double attainable(double intensity, double bytesPerSecond, double workPerSecond);

    struct Range {
        double lower = 0;
        double upper = 0;
    };
    /// Whole decades around every positive value, at least [lower, upper]; values ≤ 0 are ignored.
    Range decades(const QVector<double>& values, Range atLeast);

    /// Positions for the labels of one column (the memory roofs' on the left, the compute roofs' on the right),
    /// in the axis's units (log10 of the rate on a log axis): each as close above its anchor as it can be while
    /// at least `gap` above the label below it, so no two overlap. Same order as `anchors`.
    QVector<double> spread(const QVector<double>& anchors, double gap);

    /// Index of the point nearest `pixel` within `radius` pixels (points already in pixel coordinates).
    std::optional<int> nearest(const QVector<QPointF>& points, QPointF pixel, double radius);

} // namespace roofline_geometry

} // namespace views
