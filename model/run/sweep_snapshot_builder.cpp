#include "model/run/sweep_snapshot_builder.h"

#include "engine/device/device_catalog.h"
#include "engine/host/simulated_share.h"
#include "engine/host/sweep.h"

#include <algorithm>

namespace model {

namespace {

double ratio(std::uint64_t numerator, std::uint64_t denominator)
{
    return denominator == 0 ? 0.0 : static_cast<double>(numerator) / static_cast<double>(denominator);
}

void append(SweepSeries& series, SweepMetric metric, double value)
{
    series.y.at(static_cast<std::size_t>(metric)).push_back(value);
}

/// Adds one point's metrics, summing counters over its launches.
void addPoint(SweepSeries& series, const engine::SweepRun& point, bool timed)
{
    engine::MemoryCounterTotals sum;
    double timeUs = 0;
    for (const auto& launch : point.report.launches) {
        const auto& m = launch.outcome.memory;
        sum.globalLoadRequests += m.globalLoadRequests;
        sum.globalLoadSectors += m.globalLoadSectors;
        sum.globalLoadTransactions += m.globalLoadTransactions;
        sum.globalLoadBytesRequested += m.globalLoadBytesRequested;
        sum.globalLoadBytesMoved += m.globalLoadBytesMoved;
        sum.globalStoreBytesRequested += m.globalStoreBytesRequested;
        sum.globalStoreBytesMoved += m.globalStoreBytesMoved;
        timeUs += launch.outcome.timeUs.value_or(0.0);
    }
    series.x.push_back(static_cast<double>(point.value));
    series.simulatedShare.push_back(engine::simulatedShare(point.report));
    if (timed) {
        // Best Practices Guide v8.0 §8.2.2: ((Br + Bw) / 10^9) / time.
        const auto bytes = static_cast<double>(sum.globalLoadBytesRequested + sum.globalStoreBytesRequested);
        append(series, SweepMetric::EffectiveBandwidth, timeUs > 0 ? (bytes / 1e9) / (timeUs * 1e-6) : 0.0);
    }
    append(series, SweepMetric::LoadSectorsPerRequest, ratio(sum.globalLoadSectors, sum.globalLoadRequests));
    append(series, SweepMetric::LoadTransactionsPerRequest, ratio(sum.globalLoadTransactions, sum.globalLoadRequests));
    append(series, SweepMetric::LoadEfficiency, 100.0 * sum.loadEfficiency());
    append(series, SweepMetric::StoreEfficiency, 100.0 * sum.storeEfficiency());
}

SweepSeries makeSeries(const std::string& deviceId, const engine::DeviceCatalog& catalog)
{
    SweepSeries series;
    series.deviceId = QString::fromStdString(deviceId);
    series.deviceName = series.deviceId;
    if (const auto* profile = catalog.find(deviceId)) {
        series.deviceName = QString::fromStdString(profile->name);
        series.theoreticalBandwidthGBps = engine::theoreticalBandwidthGBps(profile->memory);
    }
    return series;
}

} // namespace

SweepSnapshot buildSweepSnapshot(
    const std::vector<engine::SweepRun>& points, const QString& param, const engine::DeviceCatalog& catalog)
{
    SweepSnapshot snapshot;
    snapshot.param = param;
    snapshot.timed = !points.empty() && std::all_of(points.begin(), points.end(), [](const auto& p) {
        return p.report.kernelsTimed;
    });
    if (!points.empty()) {
        snapshot.scenarioFile = QString::fromStdString(points.front().report.scenario);
        snapshot.scenarioName = QString::fromStdString(points.front().report.scenarioName);
    }
    for (const auto& point : points) {
        if (snapshot.devices.isEmpty() || snapshot.devices.back().deviceId.toStdString() != point.device)
            snapshot.devices.push_back(makeSeries(point.device, catalog));
        addPoint(snapshot.devices.back(), point, snapshot.timed);
        if (snapshot.devices.back().simulatedShare.back() < 1.0)
            ++snapshot.sampledPoints;
    }
    return snapshot;
}

} // namespace model
