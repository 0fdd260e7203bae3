#include "model/report/ncu_comparison.h"

#include "model/report/launch_metrics.h"
#include "model/store/trace_reader.h"

#include <algorithm>

namespace model {

namespace {

/// "(256, 1, 1)", as ncu prints launch shapes.
std::string shapeText(const std::array<std::uint32_t, 3>& v)
{
    return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) + ")";
}

} // namespace

std::string kernelBaseName(std::string_view name)
{
    auto end = name.find('(');
    name = name.substr(0, end);
    if (const auto angle = name.find('<'); angle != std::string_view::npos)
        name = name.substr(0, angle);
    if (const auto space = name.rfind(' '); space != std::string_view::npos)
        name = name.substr(space + 1);
    if (const auto scope = name.rfind("::"); scope != std::string_view::npos)
        name = name.substr(scope + 2);
    return std::string(name);
}

engine::Result<NcuComparison> compareWithNcu(const TraceReader& reader, std::int64_t runId,
    const std::vector<engine::NcuKernelRecord>& records)
{
    auto detail = reader.runDetail(runId);
    if (!detail)
        return detail.error();
    auto launches = reader.launches(runId);
    if (!launches)
        return launches.error();
    NcuComparison comparison;
    comparison.run = detail->run;
    std::vector<bool> used(records.size(), false);
    for (std::size_t i = 0; i < launches->size(); ++i) {
        const auto& launch = launches->at(i);
        const auto base = kernelBaseName(launch.kernelName);
        std::optional<std::size_t> byName;
        std::optional<std::size_t> byShape;
        for (std::size_t r = 0; r < records.size() && !byShape; ++r) {
            if (used[r] || kernelBaseName(records[r].kernelName) != base)
                continue;
            if (!byName)
                byName = r;
            if (records[r].gridSize == shapeText(launch.info.grid) && records[r].blockSize == shapeText(launch.info.block))
                byShape = r;
        }
        const auto pick = byShape ? byShape : byName;
        if (!pick) {
            comparison.unmatched.push_back("launch " + std::to_string(i) + " (" + launch.kernelName
                + "): no record of this kernel left in the export");
            continue;
        }
        used[*pick] = true;
        const auto& record = records[*pick];
        MeasuredLaunch measured;
        measured.index = i;
        measured.kernel = launch.kernelName;
        measured.ncuId = record.id;
        for (const auto& metric : launchMetrics()) {
            if (metric.ncuName.empty())
                continue;
            const auto value = record.metric(metric.ncuName);
            if (!value)
                continue;
            measured.metrics.push_back(MetricDifference { metric.key, metric.label, *value * metric.fromNcu, metric.read(launch.summary) });
            measured.ncuNames.push_back(metric.ncuName);
        }
        comparison.launches.push_back(std::move(measured));
    }
    return comparison;
}

} // namespace model
