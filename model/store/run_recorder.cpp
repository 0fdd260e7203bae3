#include "model/store/run_recorder.h"

#include "engine/device/profile_text.h"
#include "engine/host/run_recording.h"
#include "engine/host/simulated_share.h"
#include "model/store/trace_writer.h"

#include <chrono>
#include <ctime>
#include <fstream>
#include <sstream>

namespace model {

std::string utcNow()
{
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc {};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

engine::Result<std::int64_t> recordScenarioRun(
    const std::string& dbPath, const engine::RunReport& report, const engine::PreparedScenario& prepared)
{
    auto writer = TraceWriter::open(dbPath);
    if (!writer)
        return writer.error();
    const engine::RecordingContext context {
        utcNow(), WARPSCOPE_VERSION, engine::profileText(*prepared.profile), prepared.profile->name};
    engine::recordRun(report, prepared.scenario, prepared.module,
        engine::scenarioModuleRecord(prepared.scenario, prepared.module, *prepared.profile), context, *writer.value());
    return writer.value()->flush();
}

engine::Result<std::int64_t> recordSweep(const std::string& dbPath, const std::filesystem::path& scenario,
    const std::vector<engine::SweepRun>& points, const engine::DeviceProfile& firstDevice)
{
    auto writer = TraceWriter::open(dbPath);
    if (!writer)
        return writer.error();
    engine::RunInfo info;
    info.date = utcNow();
    info.toolVersion = WARPSCOPE_VERSION;
    info.deviceId = firstDevice.id;
    info.deviceName = firstDevice.name;
    info.deviceProfileJson = engine::profileText(firstDevice);
    info.scenarioPath = scenario.string();
    std::ifstream in(scenario, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    info.scenarioText = text.str();
    if (!points.empty())
        for (const auto& [name, value] : points.front().report.params)
            info.parameters.emplace_back(name, value);
    writer.value()->beginRun(info);
    std::vector<engine::SweepPoint> rows;
    double total = 0;
    for (const auto& point : points) {
        engine::SweepPoint row;
        row.index = static_cast<std::uint32_t>(rows.size());
        row.deviceId = point.device;
        for (const auto& [name, value] : point.report.params)
            row.parameters.emplace_back(name, value);
        row.totalTimeUs = point.report.totalTimeUs;
        // best-practices-guide-v8.0.txt §8.2.2: ((Br + Bw) / 10^9) / time, over the point's kernels (as the
        // Bandwidth view's sweep snapshot computes it).
        double bytes = 0;
        double time = 0;
        for (const auto& launch : point.report.launches) {
            bytes += static_cast<double>(
                launch.outcome.memory.globalLoadBytesRequested + launch.outcome.memory.globalStoreBytesRequested);
            time += launch.outcome.timeUs.value_or(0.0);
        }
        row.effectiveBandwidthGbps = time > 0 ? bytes / 1e3 / time : 0.0;
        row.simulatedShare = engine::simulatedShare(point.report);
        total += row.totalTimeUs;
        rows.push_back(std::move(row));
    }
    writer.value()->sweepPoints(rows);
    writer.value()->endRun(engine::RunSummary {total});
    return writer.value()->flush();
}

} // namespace model
