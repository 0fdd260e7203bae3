#pragma once

#include "model/run/sweep_metric.h"

#include <QString>
#include <QVector>

#include <array>

namespace model {

/// One device's curve of a sweep: the swept values and, per metric, one y value each.
struct SweepSeries {
    QString deviceId;
    QString deviceName;
    double theoreticalBandwidthGBps = 0; ///< Best Practices Guide §8.2.1, from the profile
    QVector<double> x;
    /// Indexed by SweepMetric; a metric the run could not give (bandwidth without timing) is empty.
    std::array<QVector<double>, sweepMetricCount> y;
    /// Per point, the share of its launches' blocks the timing model simulated: 1 when exact, less when it
    /// sampled steady launches and extrapolated the rest (engine/timing/steady_state_detector.h).
    QVector<double> simulatedShare;

    const QVector<double>& values(SweepMetric metric) const { return y.at(static_cast<std::size_t>(metric)); }
};

/// What a sweep produced, per device, in the order the devices were asked for. Immutable.
struct SweepSnapshot {
    QString scenarioFile;
    QString scenarioName;
    QString param; ///< the swept parameter: "offset"
    QVector<SweepSeries> devices;
    bool timed = false; ///< every point's kernels were timed, so effective bandwidth exists
    int sampledPoints = 0; ///< points with at least one sampled launch
    qint64 runId = 0; ///< the sweep's run in the session database; 0 when not recorded
    QString recordError; ///< why recording failed (the sweep itself succeeded)

    /// The metrics with data, in menu order.
    QVector<SweepMetric> availableMetrics() const;
    /// The metric a view shows first: bandwidth when timed, else transactions per request, which differ
    /// between generations where 32-byte sectors do not (Best Practices Guide §9.2.1.3, Figure 6).
    SweepMetric defaultMetric() const
    {
        return timed ? SweepMetric::EffectiveBandwidth : SweepMetric::LoadTransactionsPerRequest;
    }
};

} // namespace model
