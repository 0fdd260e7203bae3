#include "model/report/report_charts.h"

#include "engine/device/device_catalog.h"
#include "model/store/stored_sweep_snapshot.h"

#include <map>
#include <set>

namespace model {

namespace {

std::size_t opColour(engine::StreamOpKind kind)
{
    switch (kind) {
    case engine::StreamOpKind::Kernel:
        return 0;
    case engine::StreamOpKind::MemcpyHtoD:
        return 1;
    case engine::StreamOpKind::MemcpyDtoH:
        return 2;
    case engine::StreamOpKind::Memset:
        return 3;
    default:
        return 4;
    }
}

} // namespace

std::optional<SvgTimeline> streamChart(const ReportData& data)
{
    std::vector<engine::StreamOp> ops;
    for (const auto& op : data.streamOps)
        if (op.kind != engine::StreamOpKind::EventRecord && op.kind != engine::StreamOpKind::EventWait)
            ops.push_back(op);
    if (ops.empty())
        return std::nullopt;
    std::map<std::int32_t, std::size_t> rowOf;
    for (const auto& op : ops)
        rowOf.emplace(op.stream.value, 0);
    SvgTimeline chart;
    chart.title = "Stream timeline";
    chart.xLabel = "time (µs)";
    for (auto& [stream, row] : rowOf) {
        row = chart.rows.size();
        chart.rows.push_back(stream == 0 ? std::string("default stream") : "stream " + std::to_string(stream));
    }
    for (const auto& op : ops)
        chart.bars.push_back(SvgBar { rowOf[op.stream.value], op.startUs, op.endUs, op.name, opColour(op.kind) });
    return chart;
}

std::optional<SvgLineChart> occupancyChart(const ReportLaunch& launch, OccupancyInputKind kind)
{
    const auto& curves = launch.occupancyCurves;
    const auto& curve = kind == OccupancyInputKind::ThreadsPerBlock ? curves.byThreadsPerBlock
        : kind == OccupancyInputKind::RegistersPerThread            ? curves.byRegistersPerThread
                                                                    : curves.bySharedBytesPerBlock;
    if (curve.empty())
        return std::nullopt;
    const auto& input = launch.occupancyInput;
    const std::string what = kind == OccupancyInputKind::ThreadsPerBlock ? "threads per block"
        : kind == OccupancyInputKind::RegistersPerThread                 ? "registers per thread"
                                                                         : "shared memory per block (bytes)";
    const int value = kind == OccupancyInputKind::ThreadsPerBlock ? input.threadsPerBlock
        : kind == OccupancyInputKind::RegistersPerThread          ? input.registersPerThread
                                                                  : input.sharedBytesPerBlock;
    SvgLineChart chart;
    chart.title = "Occupancy against " + what + " (" + launch.row.kernelName + ")";
    chart.xLabel = what;
    chart.yLabel = "occupancy (%)";
    SvgSeries series { "occupancy", {} };
    for (const auto& point : curve)
        series.points.emplace_back(point.x, point.occupancy * 100.0);
    chart.series.push_back(std::move(series));
    chart.markerX = value;
    chart.markerLabel = "this launch: " + std::to_string(value);
    chart.yMax = 100;
    chart.integerX = true;
    return chart;
}

std::optional<SvgLineChart> bandwidthChart(const ReportData& data)
{
    const auto swept = sweptParameter(data.sweepPoints);
    if (swept.empty())
        return std::nullopt;
    SvgLineChart chart;
    chart.title = "Effective bandwidth against " + swept;
    chart.xLabel = swept;
    chart.yLabel = "effective bandwidth (GB/s)";
    chart.integerX = true;
    std::vector<std::string> devices;
    std::map<std::string, SvgSeries> byDevice;
    for (const auto& point : data.sweepPoints) {
        const auto x = sweepParameterValue(point, swept);
        if (!x)
            continue;
        if (!byDevice.contains(point.deviceId)) {
            devices.push_back(point.deviceId);
            byDevice[point.deviceId].name = point.deviceId;
        }
        byDevice[point.deviceId].points.emplace_back(static_cast<double>(*x), point.effectiveBandwidthGbps);
    }
    static const auto catalog = engine::DeviceCatalog::load({});
    for (const auto& device : devices) {
        chart.series.push_back(std::move(byDevice[device]));
        const auto* profile = device == data.device.id ? &data.device : catalog.catalog.find(device);
        if (profile)
            chart.references.push_back(
                SvgReference { engine::theoreticalBandwidthGBps(profile->memory), device + " theoretical" });
    }
    return chart;
}

std::optional<SvgLineChart> bandwidthPercentChart(const ReportData& data)
{
    auto chart = bandwidthChart(data);
    if (!chart || chart->series.size() < 2 || chart->references.size() != chart->series.size())
        return std::nullopt;
    chart->title = "Effective bandwidth against " + chart->xLabel + ", % of each device's theoretical";
    chart->yLabel = "% of theoretical bandwidth";
    for (std::size_t s = 0; s < chart->series.size(); ++s) {
        const double theoretical = chart->references[s].y;
        for (auto& point : chart->series[s].points)
            point.second = theoretical > 0 ? point.second / theoretical * 100.0 : 0.0;
    }
    chart->references = { SvgReference { 100.0, "theoretical" } };
    chart->yMax = 100.0;
    return chart;
}

} // namespace model
