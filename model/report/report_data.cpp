#include "model/report/report_data.h"

#include "model/export/run_device.h"
#include "model/run/launch_guidance.h"
#include "model/store/trace_reader.h"

#include <algorithm>
#include <sstream>
#include <tuple>

namespace model {

namespace {

std::vector<std::string> splitLines(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const auto first = line.find_first_not_of(" \t");
        const auto last = line.find_last_not_of(" \t\r");
        lines.push_back(first == std::string::npos ? std::string() : line.substr(first, last - first + 1));
    }
    return lines;
}

/// Requested ÷ moved bytes of the recorded global requests of one kind. Moved bytes are 32 per sector,
/// which is what the memory moves on CC 3.0 and later (best-practices-guide-current.txt §9.2.1: 32-byte
/// transactions); on older generations the segment sizes vary, so no figure is derived there.
std::optional<double> efficiency(const std::vector<RequestTotalsRow>& totals, engine::RequestKind kind,
    const engine::DeviceProfile& device)
{
    if (device.computeCapability < engine::ComputeCapability { 3, 0 })
        return std::nullopt;
    for (const auto& row : totals)
        if (row.space == engine::RequestSpace::Global && row.kind == kind && row.sectors > 0)
            return std::min(1.0, static_cast<double>(row.bytes) / (32.0 * static_cast<double>(row.sectors)));
    return std::nullopt;
}

/// The GUI's launch summary of a stored launch, for the guidance sentences.
LaunchSummary guidanceInput(const ReportLaunch& launch)
{
    const auto& s = launch.row.summary;
    LaunchSummary summary;
    summary.loadRequests = s.globalLoadRequests;
    summary.storeRequests = s.globalStoreRequests;
    summary.loadEfficiency = launch.loadEfficiency.value_or(1.0);
    summary.storeEfficiency = launch.storeEfficiency.value_or(1.0);
    summary.sharedLoadRequests = s.sharedLoadRequests;
    summary.sharedLoadWavefronts = s.sharedLoadWavefronts;
    summary.sharedStoreRequests = s.sharedStoreRequests;
    summary.sharedStoreWavefronts = s.sharedStoreWavefronts;
    summary.sharedLoadIdealWavefronts = s.sharedLoadIdealWavefronts;
    summary.sharedStoreIdealWavefronts = s.sharedStoreIdealWavefronts;
    return summary;
}

QMap<QString, qint64> parameterMap(const RunRow& run)
{
    QMap<QString, qint64> params;
    for (const auto& [name, value] : run.parameters)
        params.insert(QString::fromStdString(name), value);
    return params;
}

std::optional<engine::Error> fillLaunch(const TraceReader& reader, const ReportData& data,
    const std::vector<std::vector<std::string>>& moduleLines, ReportLaunch& launch)
{
    const auto& kernels = data.detail.kernels;
    const auto kernel = std::find_if(kernels.begin(), kernels.end(),
        [&](const engine::KernelRecord& k) { return k.id == launch.row.info.kernel; });
    if (kernel != kernels.end())
        launch.kernel = *kernel;
    const auto& info = launch.row.info;
    launch.occupancyInput = engine::OccupancyInput { static_cast<int>(info.block[0] * info.block[1] * info.block[2]),
        static_cast<int>(launch.kernel.registersPerThread),
        static_cast<int>(launch.kernel.staticSharedBytes + info.dynamicSharedBytes) };
    if (auto occupancy = engine::calculateOccupancy(data.device, launch.occupancyInput)) {
        launch.occupancy = occupancy.value();
        launch.occupancyText = engine::explainOccupancy(data.device, launch.occupancyInput, occupancy.value());
        launch.occupancyCurves = engine::occupancyCurves(data.device, launch.occupancyInput);
    } else {
        launch.occupancyText = occupancy.error().message;
    }

    // Exact from the launch's byte totals (schema version 2); runs without them fall back to the recorded
    // requests.
    const auto& s = launch.row.summary;
    auto totals = reader.requestTotals(launch.row.id);
    if (!totals)
        return totals.error();
    launch.loadEfficiency = s.globalLoadBytesMoved > 0
        ? std::optional(static_cast<double>(s.globalLoadBytesRequested) / static_cast<double>(s.globalLoadBytesMoved))
        : efficiency(totals.value(), engine::RequestKind::Load, data.device);
    launch.storeEfficiency = s.globalStoreBytesMoved > 0
        ? std::optional(static_cast<double>(s.globalStoreBytesRequested) / static_cast<double>(s.globalStoreBytesMoved))
        : efficiency(totals.value(), engine::RequestKind::Store, data.device);
    launch.guidance = launchGuidance(guidanceInput(launch), parameterMap(data.detail.run)).toStdString();

    auto lines = reader.lineCounters(launch.row.id);
    if (!lines)
        return lines.error();
    const auto module = kernel == kernels.end() ? 0u : kernel->module.value;
    for (const auto& line : lines.value()) {
        ReportLine out { line, {} };
        if (module < moduleLines.size() && line.ptxLine >= 1 && line.ptxLine <= moduleLines[module].size())
            out.ptxText = moduleLines[module][line.ptxLine - 1];
        launch.lines.push_back(std::move(out));
    }
    launch.hottestLines = launch.lines;
    // Hottest first: the lines warps waited on longest, then the lines that moved the most memory (sectors and
    // shared wavefronts), then the most executed.
    const auto heat = [](const ReportLine& l) {
        const auto& c = l.counters;
        return std::tuple(c.stallCycles, c.sectors + c.wavefronts, c.warpInstructions);
    };
    std::stable_sort(launch.hottestLines.begin(), launch.hottestLines.end(),
        [&](const ReportLine& a, const ReportLine& b) { return heat(a) > heat(b); });
    launch.hottestLines.resize(std::min(launch.hottestLines.size(), kReportHottestLines));
    return std::nullopt;
}

} // namespace

engine::Result<ReportData> loadReportData(const TraceReader& reader, std::int64_t runId)
{
    ReportData data;
    auto detail = reader.runDetail(runId);
    if (!detail)
        return detail.error();
    data.detail = std::move(detail).value();
    auto device = runDevice(data.detail);
    if (!device)
        return device.error();
    data.device = std::move(device).value();
    data.theoreticalBandwidthGbps = engine::theoreticalBandwidthGBps(data.device.memory);
    auto ops = reader.streamOps(runId);
    if (!ops)
        return ops.error();
    data.streamOps = std::move(ops).value();
    auto points = reader.sweepPoints(runId);
    if (!points)
        return points.error();
    data.sweepPoints = std::move(points).value();
    auto launches = reader.launches(runId);
    if (!launches)
        return launches.error();

    std::vector<std::vector<std::string>> moduleLines;
    for (const auto& module : data.detail.modules)
        moduleLines.push_back(splitLines(module.ptxText));
    for (auto& row : launches.value()) {
        ReportLaunch launch;
        launch.row = std::move(row);
        if (auto error = fillLaunch(reader, data, moduleLines, launch))
            return *error;
        data.launches.push_back(std::move(launch));
    }
    if (auto roofline = loadRooflineRun(reader, runId))
        data.roofline = std::move(roofline).value();
    return data;
}

} // namespace model
