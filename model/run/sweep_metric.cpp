#include "model/run/sweep_metric.h"

#include <QCoreApplication>

namespace model {

QVector<SweepMetric> allSweepMetrics()
{
    return { SweepMetric::EffectiveBandwidth, SweepMetric::LoadSectorsPerRequest,
        SweepMetric::LoadTransactionsPerRequest, SweepMetric::LoadEfficiency, SweepMetric::StoreEfficiency };
}

QString sweepMetricName(SweepMetric metric)
{
    switch (metric) {
    case SweepMetric::EffectiveBandwidth:
        return QCoreApplication::translate("model::SweepMetric", "Effective bandwidth");
    case SweepMetric::LoadSectorsPerRequest:
        return QCoreApplication::translate("model::SweepMetric", "Sectors per load request");
    case SweepMetric::LoadTransactionsPerRequest:
        return QCoreApplication::translate("model::SweepMetric", "Transactions per load request");
    case SweepMetric::LoadEfficiency:
        return QCoreApplication::translate("model::SweepMetric", "Global load efficiency");
    case SweepMetric::StoreEfficiency:
        return QCoreApplication::translate("model::SweepMetric", "Global store efficiency");
    }
    return {};
}

QString sweepMetricAxisLabel(SweepMetric metric)
{
    switch (metric) {
    case SweepMetric::EffectiveBandwidth:
        return QCoreApplication::translate("model::SweepMetric", "Effective bandwidth (GB/s)");
    case SweepMetric::LoadSectorsPerRequest:
        return QCoreApplication::translate("model::SweepMetric",
            "32-byte sectors per warp load request (counters; kernels not timed yet)");
    case SweepMetric::LoadTransactionsPerRequest:
        return QCoreApplication::translate("model::SweepMetric",
            "Transactions per warp load request, generation's unit (counters; kernels not timed yet)");
    case SweepMetric::LoadEfficiency:
        return QCoreApplication::translate("model::SweepMetric", "Global load efficiency (%)");
    case SweepMetric::StoreEfficiency:
        return QCoreApplication::translate("model::SweepMetric", "Global store efficiency (%)");
    }
    return {};
}

} // namespace model
