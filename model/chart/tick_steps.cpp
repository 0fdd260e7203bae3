#include "model/chart/tick_steps.h"

#include <algorithm>
#include <cmath>

namespace model {

double niceDecimalStep(double range, int targetTicks)
{
    if (!(range > 0) || targetTicks < 1)
        return 1.0;
    const double raw = range / targetTicks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double factor : { 1.0, 2.0, 5.0 }) {
        if (factor * magnitude >= raw * (1 - 1e-9))
            return factor * magnitude;
    }
    return 10.0 * magnitude;
}

double niceBinaryStep(double range, int targetTicks)
{
    if (!(range > 0) || targetTicks < 1)
        return 1.0;
    const double raw = range / targetTicks;
    return std::max(1.0, std::exp2(std::round(std::log2(raw))));
}

} // namespace model
