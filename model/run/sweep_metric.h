#pragma once

#include <QString>
#include <QVector>

namespace model {

/// What the Bandwidth view plots against the swept parameter.
enum class SweepMetric {
    EffectiveBandwidth, ///< GB/s, Best Practices Guide §8.2.2; only when kernels were timed
    LoadSectorsPerRequest, ///< 32-byte sectors per warp-level global load
    LoadTransactionsPerRequest, ///< the generation's own unit per warp-level global load
    LoadEfficiency, ///< requested ÷ moved bytes of global loads, %
    StoreEfficiency, ///< the same for global stores, %
};

inline constexpr int sweepMetricCount = 5;

/// Every metric, in menu order.
QVector<SweepMetric> allSweepMetrics();

/// A short name for a menu: "Sectors per load request".
QString sweepMetricName(SweepMetric metric);

/// The y-axis label, with the unit and, for counters, why they stand in for bandwidth.
QString sweepMetricAxisLabel(SweepMetric metric);

} // namespace model
