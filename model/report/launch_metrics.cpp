#include "model/report/launch_metrics.h"

#include <array>

namespace model {

namespace {

double asDouble(std::uint64_t value) { return static_cast<double>(value); }

// nvprof names: CUDA Profiler User's Guide (nvprof), "Metrics Reference" and "Events" tables.
// Nsight Compute names: Nsight Compute Kernel Profiling Guide, "Metrics Reference" / "Metrics Decoder";
// the memory ones are the counters bench/hardware/run_on_device.sh reads on the H100.
const std::array kMetrics {
    LaunchMetric { "time_us", "Duration (µs)", "", "gpu__time_duration.sum", 1e6,
        [](const engine::LaunchSummary& s) { return s.timeUs; } },
    LaunchMetric { "cycles", "SM cycles", "", "sm__cycles_elapsed.max", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.cycles); } },
    LaunchMetric { "effective_bandwidth_gbps", "Effective bandwidth (GB/s)", "", "", 1.0,
        [](const engine::LaunchSummary& s) { return s.effectiveBandwidthGbps; } },
    LaunchMetric { "theoretical_occupancy", "Theoretical occupancy", "", "sm__maximum_warps_per_active_cycle_pct", 0.01,
        [](const engine::LaunchSummary& s) { return s.theoreticalOccupancy; } },
    LaunchMetric { "achieved_occupancy", "Achieved occupancy", "achieved_occupancy",
        "sm__warps_active.avg.pct_of_peak_sustained_active", 0.01,
        [](const engine::LaunchSummary& s) { return s.achievedOccupancy; } },
    LaunchMetric { "global_load_requests", "Global load requests", "gld_request",
        "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.globalLoadRequests); } },
    LaunchMetric { "global_load_sectors", "Global load sectors", "", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.globalLoadSectors); } },
    LaunchMetric { "global_load_transactions", "Global load transactions", "gld_transactions", "", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.globalLoadTransactions); } },
    LaunchMetric { "global_store_requests", "Global store requests", "gst_request",
        "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.globalStoreRequests); } },
    LaunchMetric { "global_store_sectors", "Global store sectors", "", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.globalStoreSectors); } },
    LaunchMetric { "global_store_transactions", "Global store transactions", "gst_transactions", "", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.globalStoreTransactions); } },
    LaunchMetric { "shared_load_requests", "Shared load requests", "shared_load", "smsp__inst_executed_op_shared_ld.sum", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.sharedLoadRequests); } },
    LaunchMetric { "shared_load_wavefronts", "Shared load wavefronts", "shared_load_transactions",
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.sharedLoadWavefronts); } },
    LaunchMetric { "shared_store_requests", "Shared store requests", "shared_store", "smsp__inst_executed_op_shared_st.sum", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.sharedStoreRequests); } },
    LaunchMetric { "shared_store_wavefronts", "Shared store wavefronts", "shared_store_transactions",
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.sharedStoreWavefronts); } },
    LaunchMetric { "dram_bytes_read", "DRAM bytes read", "dram_read_bytes", "dram__bytes_read.sum", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.dramBytesRead); } },
    LaunchMetric { "dram_bytes_write", "DRAM bytes written", "dram_write_bytes", "dram__bytes_write.sum", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.dramBytesWrite); } },
    LaunchMetric { "warp_instructions", "Warp instructions", "inst_executed", "smsp__inst_executed.sum", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.warpInstructions); } },
    LaunchMetric { "thread_instructions", "Thread instructions", "thread_inst_executed", "smsp__thread_inst_executed.sum", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.threadInstructions); } },
    // Wavefronts without bank conflicts: no profiler counter; 0 for runs stored before they were kept.
    LaunchMetric { "shared_load_wavefronts_ideal", "Shared load wavefronts without conflicts", "", "", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.sharedLoadIdealWavefronts); } },
    LaunchMetric { "shared_store_wavefronts_ideal", "Shared store wavefronts without conflicts", "", "", 1.0,
        [](const engine::LaunchSummary& s) { return asDouble(s.sharedStoreIdealWavefronts); } },
};

} // namespace

std::span<const LaunchMetric> launchMetrics() { return kMetrics; }

bool usesNvprofNames(engine::ComputeCapability cc) { return cc < engine::ComputeCapability { 7, 5 }; }

std::string_view columnName(const LaunchMetric& metric, engine::ComputeCapability cc)
{
    const auto name = usesNvprofNames(cc) ? metric.nvprofName : metric.ncuName;
    return name.empty() ? metric.key : name;
}

} // namespace model
