#include "app/cli/run_report_json.h"

namespace app::cli {

namespace {

template <typename T>
nlohmann::json orNull(const std::optional<T>& value)
{
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json dims(const engine::Dim3& d)
{
    return nlohmann::json::array({ d[0], d[1], d[2] });
}

nlohmann::json timelineJson(const engine::RunReport& report)
{
    auto timeline = nlohmann::json::array();
    for (const auto& entry : report.timeline) {
        timeline.push_back({ { "stream", entry.op.stream }, { "kind", engine::toString(entry.op.kind) },
            { "name", entry.op.name }, { "engine", engine::toString(entry.engine) }, { "bytes", entry.op.bytes },
            { "start_us", entry.startUs }, { "end_us", entry.endUs } });
    }
    return timeline;
}

} // namespace

/// The launch's device printf lines (simt/printf_log.h), each with the block and thread that printed it.
nlohmann::json printfJson(const engine::LaunchReport& launch)
{
    auto lines = nlohmann::json::array();
    for (const auto& line : launch.printf)
        lines.push_back({ { "block", line.block }, { "thread", line.thread }, { "text", line.text } });
    return lines;
}

nlohmann::json launchJson(const engine::LaunchReport& launch)
{
    const auto& o = launch.outcome;
    const auto& m = o.memory;
    // best-practices-guide-v8.0.txt §8.2.2: effective bandwidth = ((Br + Bw) / 10^9) / time, with the bytes
    // the program reads and writes (requested bytes, not the transactions' bytes).
    nlohmann::json bandwidth = nullptr;
    if (o.timeUs && *o.timeUs > 0) {
        const double bytes = static_cast<double>(m.globalLoadBytesRequested + m.globalStoreBytesRequested);
        bandwidth = (bytes / 1e9) / (*o.timeUs * 1e-6);
    }
    return {
        { "kernel", launch.kernel },
        { "mangled", launch.mangled },
        { "grid", dims(launch.grid) },
        { "block", dims(launch.block) },
        { "stream", launch.stream },
        { "dynamic_shared_bytes", launch.dynamicSharedBytes },
        { "static_shared_bytes", launch.staticSharedBytes },
        { "time_us", orNull(o.timeUs) },
        { "cycles", orNull(o.cycles) },
        { "effective_bandwidth_gbps", bandwidth },
        { "registers_per_thread", launch.registersPerThread },
        { "registers_source", launch.registersSource },
        { "theoretical_occupancy", launch.theoreticalOccupancy },
        { "achieved_occupancy", orNull(o.achievedOccupancy) },
        { "global_load_requests", m.globalLoadRequests },
        { "global_load_sectors", m.globalLoadSectors },
        { "global_load_transactions", m.globalLoadTransactions },
        { "global_store_requests", m.globalStoreRequests },
        { "global_store_sectors", m.globalStoreSectors },
        { "global_store_transactions", m.globalStoreTransactions },
        { "global_load_efficiency", m.loadEfficiency() },
        { "global_store_efficiency", m.storeEfficiency() },
        { "shared_load_requests", m.sharedLoadRequests },
        { "shared_load_wavefronts", m.sharedLoadWavefronts },
        { "shared_store_requests", m.sharedStoreRequests },
        { "shared_store_wavefronts", m.sharedStoreWavefronts },
        { "shared_load_wavefronts_ideal", m.sharedLoadIdealWavefronts },
        { "shared_store_wavefronts_ideal", m.sharedStoreIdealWavefronts },
        { "dram_bytes_read", orNull(o.dramBytesRead) },
        { "dram_bytes_write", orNull(o.dramBytesWritten) },
        { "l1_hit_rate", o.caches ? orNull(o.caches->l1HitRate()) : nlohmann::json(nullptr) },
        { "l2_hit_rate", o.caches ? orNull(o.caches->l2HitRate()) : nlohmann::json(nullptr) },
        { "warp_instructions", o.stats.warpInstructions },
        { "thread_instructions", o.stats.threadInstructions },
        { "divergent_branches", o.stats.divergentBranches },
        { "sampled", o.sampled },
        { "simulated_blocks", orNull(o.simulatedBlocks) },
        { "printf", printfJson(launch) },
        { "printf_dropped", launch.printfDropped },
    };
}

nlohmann::json runReportJson(const engine::RunReport& report)
{
    auto launches = nlohmann::json::array();
    for (const auto& launch : report.launches)
        launches.push_back(launchJson(launch));
    nlohmann::json params = nlohmann::json::object();
    for (const auto& [name, value] : report.params)
        params[name] = value;
    return {
        { "device", report.device },
        { "scenario", report.scenario },
        { "name", report.scenarioName },
        { "params", params },
        { "kernels_timed", report.kernelsTimed },
        { "outputs_complete", report.outputsComplete },
        { "total_time_us", report.totalTimeUs },
        { "timeline", timelineJson(report) },
        { "launches", launches },
    };
}

} // namespace app::cli
