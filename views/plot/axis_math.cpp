#include "views/plot/axis_math.h"

#include <algorithm>
#include <cmath>

namespace views {

QString formatBytes(double bytes)
{
    static const char* const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
    const double sign = bytes < 0 ? -1.0 : 1.0;
    double value = std::abs(bytes);
    int unit = 0;
    while (value >= 1024.0 && unit < 4) {
        value /= 1024.0;
        ++unit;
    }
    const double rounded = std::round(value * 10.0) / 10.0;
    const int decimals = rounded == std::floor(rounded) ? 0 : 1;
    return QStringLiteral("%1 %2").arg(sign * rounded, 0, 'f', decimals).arg(QLatin1String(units[unit]));
}

QString formatPercent(double percent)
{
    const double rounded = std::round(percent * 10.0) / 10.0;
    const int decimals = rounded == std::floor(rounded) ? 0 : 1;
    return QStringLiteral("%1 %").arg(rounded, 0, 'f', decimals);
}

int sharedMemorySpinStep(int allocationUnitBytes)
{
    if (allocationUnitBytes <= 0)
        return 1024;
    return (1024 + allocationUnitBytes - 1) / allocationUnitBytes * allocationUnitBytes;
}

AxisRange paddedRange(double minimum, double maximum, double fraction)
{
    const double span = maximum - minimum;
    const double pad = span > 0 ? span * fraction : 1.0;
    return { minimum - pad, maximum + pad };
}

} // namespace views
