#include "views/streams/time_axis.h"

#include <algorithm>
#include <cmath>

namespace views {

namespace {

constexpr double minimumUsPerPixel = 1e-6; // 1 ps per pixel: deeper zoom shows nothing new
constexpr double maximumUsPerPixel = 1e9;
constexpr double fitMargin = 0.03;

} // namespace

void TimeAxis::fit(double fromUs, double toUs, double widthPx)
{
    const double span = std::max(toUs - fromUs, 1e-3);
    const double width = std::max(widthPx, 1.0);
    usPerPixel = std::clamp(span * (1.0 + 2.0 * fitMargin) / width, minimumUsPerPixel, maximumUsPerPixel);
    startUs = fromUs - span * fitMargin;
}

void TimeAxis::zoom(double factor, double anchorPx)
{
    if (factor <= 0)
        return;
    const double anchorUs = toTime(anchorPx);
    usPerPixel = std::clamp(usPerPixel / factor, minimumUsPerPixel, maximumUsPerPixel);
    startUs = anchorUs - (anchorPx - leftPx) * usPerPixel;
}

void TimeAxis::pan(double deltaPx)
{
    startUs -= deltaPx * usPerPixel;
}

double TimeAxis::tickStepUs(double minSpacingPx) const
{
    const double raw = std::max(minSpacingPx, 1.0) * usPerPixel;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double mantissa : { 1.0, 2.0, 5.0, 10.0 }) {
        if (mantissa * power >= raw * (1.0 - 1e-9))
            return mantissa * power;
    }
    return 10.0 * power;
}

QVector<double> TimeAxis::ticks(double widthPx, double minSpacingPx) const
{
    const double step = tickStepUs(minSpacingPx);
    const double endUs = toTime(leftPx + widthPx);
    QVector<double> out;
    for (double t = std::ceil(startUs / step) * step; t <= endUs + step * 1e-9; t += step)
        out.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);
    return out;
}

QString formatMicroseconds(double us)
{
    const double magnitude = std::abs(us);
    if (magnitude == 0)
        return QStringLiteral("0 µs");
    if (magnitude < 1)
        return QStringLiteral("%1 ns").arg(us * 1e3, 0, 'g', 3);
    if (magnitude < 1e3)
        return QStringLiteral("%1 µs").arg(us, 0, 'g', 4);
    if (magnitude < 1e6)
        return QStringLiteral("%1 ms").arg(us / 1e3, 0, 'f', 2);
    return QStringLiteral("%1 s").arg(us / 1e6, 0, 'f', 2);
}

} // namespace views
