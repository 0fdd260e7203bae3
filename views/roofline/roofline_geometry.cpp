#include "views/roofline/roofline_geometry.h"

#include <algorithm>
#include <cmath>

namespace views::roofline_geometry {

double ridge(double bytesPerSecond, double workPerSecond)
{
    return bytesPerSecond > 0 ? workPerSecond / bytesPerSecond : 0;
}

double attainable(double intensity, double bytesPerSecond, double workPerSecond)
{
    return std::min(bytesPerSecond * intensity, workPerSecond);
}

Range decades(const QVector<double>& values, Range atLeast)
{
    double lower = atLeast.lower;
    double upper = atLeast.upper;
    for (const double v : values) {
        if (v > 0) {
            lower = std::min(lower, v);
            upper = std::max(upper, v);
        }
    }
    return { std::pow(10.0, std::floor(std::log10(lower))), std::pow(10.0, std::ceil(std::log10(upper))) };
}

QVector<double> spread(const QVector<double>& anchors, double gap)
{
    QVector<int> order(anchors.size());
    for (int i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return anchors[a] < anchors[b]; });
    QVector<double> placed(anchors);
    for (int k = 1; k < order.size(); ++k)
        placed[order[k]] = std::max(anchors[order[k]], placed[order[k - 1]] + gap);
    return placed;
}

std::optional<int> nearest(const QVector<QPointF>& points, QPointF pixel, double radius)
{
    std::optional<int> best;
    double bestDistance = radius * radius;
    for (int i = 0; i < points.size(); ++i) {
        const QPointF d = points[i] - pixel;
        const double distance = d.x() * d.x() + d.y() * d.y();
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = i;
        }
    }
    return best;
}

} // namespace views::roofline_geometry
