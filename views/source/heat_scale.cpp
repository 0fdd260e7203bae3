#include "views/source/heat_scale.h"

#include <algorithm>

namespace views {

namespace {

QColor blend(const QColor& from, const QColor& to, double t)
{
    const auto mix = [t](int a, int b) { return static_cast<int>(a + (b - a) * t + 0.5); };
    return QColor(mix(from.red(), to.red()), mix(from.green(), to.green()), mix(from.blue(), to.blue()));
}

const QColor kWarm(0xff, 0xe0, 0x60);
const QColor kHot(0xf0, 0x50, 0x40);

} // namespace

QColor HeatScale::colorAt(double heat) const
{
    const double h = std::clamp(heat, 0.0, 1.0);
    if (h <= 0.5)
        return blend(base, kWarm, h * 2);
    return blend(kWarm, kHot, (h - 0.5) * 2);
}

} // namespace views
