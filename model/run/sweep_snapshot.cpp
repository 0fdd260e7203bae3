#include "model/run/sweep_snapshot.h"

#include <algorithm>

namespace model {

QVector<SweepMetric> SweepSnapshot::availableMetrics() const
{
    QVector<SweepMetric> metrics;
    for (const auto metric : allSweepMetrics()) {
        const bool hasData = std::any_of(devices.begin(), devices.end(),
            [metric](const SweepSeries& series) { return !series.values(metric).isEmpty(); });
        if (hasData)
            metrics.push_back(metric);
    }
    return metrics;
}

} // namespace model
