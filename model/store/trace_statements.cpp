#include "model/store/trace_statements.h"

#include "model/store/sqlite_database.h"

#include <array>
#include <optional>

namespace model {

namespace {

constexpr std::array<const char*, 16> kSql = {
    "INSERT INTO runs (session_id, writer_pid, date, tool_version, device_id, device_name, device_json,"
    " scenario_path, scenario_text, parameters_json, sampling, sweep_points_planned)"
    " VALUES ((SELECT min(id) FROM sessions), ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    "UPDATE runs SET complete = 1, total_time_us = ?2 WHERE id = ?1",
    "INSERT INTO modules (run_id, module_index, path, ptx_text, cuda_source) VALUES (?1, ?2, ?3, ?4, ?5)",
    "INSERT INTO kernels (run_id, kernel_index, module_index, name, mangled_name, registers_per_thread,"
    " static_shared_bytes, instruction_count, registers_source) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    "INSERT INTO launches (run_id, launch_index, kernel_index, stream, grid_x, grid_y, grid_z, block_x, block_y,"
    " block_z, dynamic_shared_bytes) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    "UPDATE launches SET cycles = ?2, start_us = ?3, time_us = ?4, effective_bandwidth_gbps = ?5,"
    " theoretical_occupancy = ?6, achieved_occupancy = ?7, global_load_requests = ?8, global_load_sectors = ?9,"
    " global_load_transactions = ?10, global_store_requests = ?11, global_store_sectors = ?12,"
    " global_store_transactions = ?13, shared_load_requests = ?14, shared_load_wavefronts = ?15,"
    " shared_store_requests = ?16, shared_store_wavefronts = ?17, dram_bytes_read = ?18, dram_bytes_write = ?19,"
    " warp_instructions = ?20, thread_instructions = ?21, interval_count = ?22, max_interval_cycles = ?23,"
    " last_cycle = ?24, global_load_bytes_requested = ?25, global_load_bytes_moved = ?26,"
    " global_store_bytes_requested = ?27, global_store_bytes_moved = ?28, l1_hit_sectors = ?29,"
    " l1_miss_sectors = ?30, l2_hit_sectors = ?31, l2_miss_sectors = ?32, shared_load_ideal_wavefronts = ?33,"
    " shared_store_ideal_wavefronts = ?34 WHERE id = ?1",
    "INSERT OR REPLACE INTO pc_counters (launch_id, pc, ptx_line, warp_instructions, thread_instructions,"
    " transactions, sectors, wavefronts, stall_cycles) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    "INSERT INTO warp_intervals (launch_id, start_cycle, seq, duration_cycles, sm, block, warp, state)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    "INSERT INTO interval_summary (launch_id, sm, bucket_cycles, bucket_count, state_count, state_cycles)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    "INSERT INTO memory_requests (launch_id, issue_cycle, seq, pc, sm, block, warp, space, kind, bytes,"
    " transactions, sectors, conflict_degree) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    "INSERT INTO request_lanes (launch_id, request_seq, active_mask, addresses) VALUES (?1, ?2, ?3, ?4)",
    "INSERT INTO stream_ops (run_id, stream, kind, name, start_us, end_us, bytes, launch_index)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    "INSERT INTO sweep_points (run_id, point_index, device_id, parameters_json, total_time_us,"
    " effective_bandwidth_gbps, simulated_share) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    "INSERT INTO printf_lines (launch_id, seq, block_x, block_y, block_z, thread_x, thread_y, thread_z, warp, lane,"
    " text) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    "UPDATE launches SET printf_dropped = ?2 WHERE id = ?1",
    "INSERT OR REPLACE INTO callee_pc_counters (launch_id, function_index, pc, warp_instructions,"
    " thread_instructions) VALUES (?1, ?2, ?3, ?4, ?5)",
};

} // namespace

engine::Result<TraceStatements> TraceStatements::prepare(const SqliteDatabase& db)
{
    std::array<std::optional<SqliteStatement>, kSql.size()> prepared;
    for (std::size_t i = 0; i < kSql.size(); ++i) {
        auto statement = SqliteStatement::prepare(db, kSql[i]);
        if (!statement)
            return statement.error();
        prepared[i].emplace(std::move(statement).value());
    }
    auto take = [&](std::size_t i) { return std::move(*prepared[i]); };
    return TraceStatements {take(0), take(1), take(2), take(3), take(4), take(5), take(6), take(7), take(8), take(9),
        take(10), take(11), take(12), take(13), take(14), take(15)};
}

} // namespace model
