#include "model/store/stored_sweep_snapshot.h"

#include "model/store/trace_reader.h"

#include "engine/device/device_catalog.h"

namespace model {

std::optional<std::int64_t> sweepParameterValue(const engine::SweepPoint& point, const std::string& name)
{
    for (const auto& [key, value] : point.parameters)
        if (key == name)
            return value;
    return std::nullopt;
}

std::string sweptParameter(const std::vector<engine::SweepPoint>& points)
{
    if (points.empty())
        return {};
    for (const auto& [name, first] : points.front().parameters)
        for (const auto& point : points)
            if (sweepParameterValue(point, name) != first)
                return name;
    return {};
}

engine::Result<std::optional<SweepSnapshot>> loadStoredSweep(const TraceReader& reader, std::int64_t runId)
{
    auto points = reader.sweepPoints(runId);
    if (!points)
        return points.error();
    const auto swept = sweptParameter(points.value());
    if (swept.empty())
        return std::optional<SweepSnapshot>();
    auto detail = reader.runDetail(runId);
    if (!detail)
        return detail.error();
    static const auto catalog = engine::DeviceCatalog::load({});
    SweepSnapshot snapshot;
    snapshot.scenarioFile = QString::fromStdString(detail->run.scenarioPath);
    snapshot.param = QString::fromStdString(swept);
    snapshot.timed = true;
    snapshot.runId = runId;
    for (const auto& point : points.value()) {
        const auto id = QString::fromStdString(point.deviceId);
        if (snapshot.devices.isEmpty() || snapshot.devices.back().deviceId != id) {
            SweepSeries series;
            series.deviceId = id;
            series.deviceName = id;
            if (const auto* profile = catalog.catalog.find(point.deviceId)) {
                series.deviceName = QString::fromStdString(profile->name);
                series.theoreticalBandwidthGBps = engine::theoreticalBandwidthGBps(profile->memory);
            }
            snapshot.devices.push_back(series);
        }
        auto& series = snapshot.devices.back();
        series.x.push_back(static_cast<double>(sweepParameterValue(point, swept).value_or(0)));
        series.y.at(static_cast<std::size_t>(SweepMetric::EffectiveBandwidth)).push_back(point.effectiveBandwidthGbps);
        series.simulatedShare.push_back(point.simulatedShare);
        if (point.simulatedShare < 1.0)
            ++snapshot.sampledPoints;
    }
    return std::optional<SweepSnapshot>(std::move(snapshot));
}

} // namespace model
