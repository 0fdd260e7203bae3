#include "model/report/launch_metrics.h"
#include "model/report/report_writers.h"
#include "model/roofline/roofline_json.h"

#include "engine/trace/warp_state.h"

namespace model {

namespace {

nlohmann::json optionalNumber(const std::optional<double>& value)
{
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json lineJson(const ReportLine& line)
{
    const auto& c = line.counters;
    return { { "ptx_line", c.ptxLine }, { "ptx", line.ptxText }, { "warp_instructions", c.warpInstructions },
        { "thread_instructions", c.threadInstructions }, { "transactions", c.transactions }, { "sectors", c.sectors },
        { "wavefronts", c.wavefronts }, { "stall_cycles", c.stallCycles } };
}

nlohmann::json occupancyJson(const ReportLaunch& launch)
{
    if (!launch.occupancy)
        return { { "error", launch.occupancyText } };
    auto limits = nlohmann::json::array();
    for (const auto limit : launch.occupancy->limitedBy)
        limits.push_back(engine::toString(limit));
    return { { "theoretical", launch.occupancy->occupancy }, { "blocks_per_sm", launch.occupancy->blocksPerSm },
        { "active_warps_per_sm", launch.occupancy->activeWarpsPerSm }, { "limited_by", limits },
        { "explanation", launch.occupancyText } };
}

nlohmann::json launchJson(const ReportLaunch& launch)
{
    const auto& info = launch.row.info;
    nlohmann::json out { { "index", info.id.value }, { "kernel", launch.row.kernelName }, { "stream", info.stream.value },
        { "grid", info.grid }, { "block", info.block }, { "dynamic_shared_bytes", info.dynamicSharedBytes },
        { "registers_per_thread", launch.kernel.registersPerThread },
        { "registers_source", launch.kernel.registersSource },
        { "static_shared_bytes", launch.kernel.staticSharedBytes }, { "start_us", launch.row.summary.startUs } };
    for (const auto& metric : launchMetrics())
        out[std::string(metric.key)] = metric.read(launch.row.summary);
    out["load_efficiency"] = optionalNumber(launch.loadEfficiency);
    out["store_efficiency"] = optionalNumber(launch.storeEfficiency);
    out["occupancy"] = occupancyJson(launch);
    out["guidance"] = launch.guidance;
    auto lines = nlohmann::json::array();
    for (const auto& line : launch.hottestLines)
        lines.push_back(lineJson(line));
    out["hottest_lines"] = lines;
    return out;
}

const char* opKind(engine::StreamOpKind kind)
{
    switch (kind) {
    case engine::StreamOpKind::Kernel:
        return "kernel";
    case engine::StreamOpKind::MemcpyHtoD:
        return "memcpy_h2d";
    case engine::StreamOpKind::MemcpyDtoH:
        return "memcpy_d2h";
    case engine::StreamOpKind::MemcpyDtoD:
        return "memcpy_d2d";
    case engine::StreamOpKind::Memset:
        return "memset";
    case engine::StreamOpKind::EventRecord:
        return "event_record";
    case engine::StreamOpKind::EventWait:
        return "event_wait";
    case engine::StreamOpKind::MemcpyHtoH:
        return "memcpy_h2h";
    }
    return "operation";
}

} // namespace

nlohmann::json reportJson(const ReportData& data)
{
    const auto& run = data.detail.run;
    auto parameters = nlohmann::json::object();
    for (const auto& [name, value] : run.parameters)
        parameters[name] = value;
    auto launches = nlohmann::json::array();
    for (const auto& launch : data.launches)
        launches.push_back(launchJson(launch));
    auto timeline = nlohmann::json::array();
    for (const auto& op : data.streamOps)
        timeline.push_back({ { "stream", op.stream.value }, { "kind", opKind(op.kind) }, { "name", op.name },
            { "start_us", op.startUs }, { "end_us", op.endUs }, { "bytes", op.bytes } });
    auto points = nlohmann::json::array();
    for (const auto& point : data.sweepPoints) {
        auto params = nlohmann::json::object();
        for (const auto& [name, value] : point.parameters)
            params[name] = value;
        points.push_back({ { "index", point.index }, { "device", point.deviceId }, { "parameters", params },
            { "total_time_us", point.totalTimeUs }, { "effective_bandwidth_gbps", point.effectiveBandwidthGbps },
            { "simulated_share", point.simulatedShare } });
    }
    return {
        { "run", { { "id", run.id }, { "date", run.date }, { "scenario", run.scenarioPath }, { "tool_version", run.toolVersion },
                     { "parameters", parameters }, { "total_time_us", run.totalTimeUs }, { "sampling", run.sampling } } },
        { "device", { { "id", data.device.id }, { "name", data.device.name },
                        { "compute_capability", data.device.computeCapability.toString() },
                        { "sm_count", data.device.smCount }, { "core_clock_mhz", data.device.coreClockMhz },
                        { "theoretical_bandwidth_gbps", data.theoreticalBandwidthGbps } } },
        { "launches", launches },
        { "timeline", timeline },
        { "sweep_points", points },
        { "roofline", data.roofline ? rooflineJson(*data.roofline) : nlohmann::json(nullptr) },
    };
}

} // namespace model
