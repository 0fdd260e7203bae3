#include "model/store/launch_queries.h"

#include "model/store/query_rows.h"
#include "model/store/store_error.h"

#include <string>

namespace model {

namespace {

constexpr const char* kLaunchSelect
    = "SELECT l.id, l.launch_index, l.kernel_index, l.stream, l.grid_x, l.grid_y, l.grid_z, l.block_x, l.block_y,"
      " l.block_z, l.dynamic_shared_bytes, k.name, l.interval_count, l.last_cycle, l.cycles, l.start_us, l.time_us,"
      " l.effective_bandwidth_gbps, l.theoretical_occupancy, l.achieved_occupancy, l.global_load_requests,"
      " l.global_load_sectors, l.global_load_transactions, l.global_store_requests, l.global_store_sectors,"
      " l.global_store_transactions, l.shared_load_requests, l.shared_load_wavefronts, l.shared_store_requests,"
      " l.shared_store_wavefronts, l.dram_bytes_read, l.dram_bytes_write, l.warp_instructions,"
      " l.thread_instructions, l.max_interval_cycles, l.global_load_bytes_requested, l.global_load_bytes_moved,"
      " l.global_store_bytes_requested, l.global_store_bytes_moved, l.l1_hit_sectors, l.l1_miss_sectors,"
      " l.l2_hit_sectors, l.l2_miss_sectors, l.printf_dropped, l.shared_load_ideal_wavefronts,"
      " l.shared_store_ideal_wavefronts FROM launches l JOIN runs r ON r.id = l.run_id AND r.complete = 1"
      " LEFT JOIN kernels k ON k.run_id = l.run_id AND k.kernel_index = l.kernel_index";

std::uint32_t u32(const SqliteStatement& s, int column) { return static_cast<std::uint32_t>(s.columnInt(column)); }
std::uint64_t u64(const SqliteStatement& s, int column) { return static_cast<std::uint64_t>(s.columnInt(column)); }

engine::LaunchSummary launchSummary(const SqliteStatement& s, engine::LaunchId id)
{
    engine::LaunchSummary m { id, u64(s, 14), s.columnDouble(15), s.columnDouble(16), s.columnDouble(17),
        s.columnDouble(18), s.columnDouble(19) };
    std::uint64_t* counters[] = { &m.globalLoadRequests, &m.globalLoadSectors, &m.globalLoadTransactions,
        &m.globalStoreRequests, &m.globalStoreSectors, &m.globalStoreTransactions, &m.sharedLoadRequests,
        &m.sharedLoadWavefronts, &m.sharedStoreRequests, &m.sharedStoreWavefronts, &m.dramBytesRead,
        &m.dramBytesWrite, &m.warpInstructions, &m.threadInstructions };
    int column = 20;
    for (auto* counter : counters)
        *counter = u64(s, column++);
    std::uint64_t* bytes[] = { &m.globalLoadBytesRequested, &m.globalLoadBytesMoved, &m.globalStoreBytesRequested,
        &m.globalStoreBytesMoved, &m.l1HitSectors, &m.l1MissSectors, &m.l2HitSectors, &m.l2MissSectors };
    column = 35;
    for (auto* value : bytes)
        *value = u64(s, column++);
    m.sharedLoadIdealWavefronts = u64(s, 44);
    m.sharedStoreIdealWavefronts = u64(s, 45);
    return m;
}

LaunchRow launchRow(const SqliteStatement& s)
{
    LaunchRow row;
    row.id = s.columnInt(0);
    row.info.id = engine::LaunchId(u32(s, 1));
    row.info.kernel = engine::KernelId(u32(s, 2));
    row.info.stream = engine::StreamId(static_cast<std::int32_t>(s.columnInt(3)));
    row.info.grid = { u32(s, 4), u32(s, 5), u32(s, 6) };
    row.info.block = { u32(s, 7), u32(s, 8), u32(s, 9) };
    row.info.dynamicSharedBytes = u32(s, 10);
    row.kernelName = s.columnText(11);
    row.intervalCount = u64(s, 12);
    row.lastCycle = u64(s, 13);
    row.summary = launchSummary(s, row.info.id);
    row.maxIntervalCycles = u64(s, 34);
    row.printfDropped = u64(s, 43);
    return row;
}

} // namespace

engine::Result<std::vector<LaunchRow>> queryLaunches(const SqliteDatabase& db, std::int64_t runId)
{
    return collectRows<LaunchRow>(db, std::string(kLaunchSelect) + " WHERE l.run_id = ?1 ORDER BY l.launch_index",
        runId, launchRow);
}

engine::Result<LaunchRow> queryLaunch(const SqliteDatabase& db, std::int64_t launchId)
{
    auto rows = collectRows<LaunchRow>(db, std::string(kLaunchSelect) + " WHERE l.id = ?1", launchId, launchRow);
    if (!rows)
        return rows.error();
    if (rows->empty())
        return storeError(db.path(), engine::ErrorCode::NotFound, "no launch " + std::to_string(launchId));
    return std::move(rows.value().front());
}

engine::Result<std::vector<engine::CalleeCounter>> queryCalleeCounters(const SqliteDatabase& db, std::int64_t launchId)
{
    return collectRows<engine::CalleeCounter>(db,
        "SELECT function_index, pc, warp_instructions, thread_instructions FROM callee_pc_counters"
        " WHERE launch_id = ?1 AND launch_id IN (SELECT l.id FROM launches l JOIN runs r ON r.id = l.run_id"
        " WHERE r.complete = 1) ORDER BY function_index, pc",
        launchId, [](const SqliteStatement& s) {
            return engine::CalleeCounter { u32(s, 0), engine::Pc(u32(s, 1)), u64(s, 2), u64(s, 3) };
        });
}

engine::Result<std::vector<engine::PcCounter>> queryPcCounters(const SqliteDatabase& db, std::int64_t launchId)
{
    return collectRows<engine::PcCounter>(db,
        "SELECT pc, ptx_line, warp_instructions, thread_instructions, transactions, sectors, wavefronts, stall_cycles"
        " FROM pc_counters WHERE launch_id = ?1 AND launch_id IN"
        " (SELECT l.id FROM launches l JOIN runs r ON r.id = l.run_id WHERE r.complete = 1) ORDER BY pc",
        launchId, [](const SqliteStatement& s) {
            return engine::PcCounter { engine::Pc(u32(s, 0)), u32(s, 1), u64(s, 2), u64(s, 3), u64(s, 4), u64(s, 5),
                u64(s, 6), u64(s, 7) };
        });
}

engine::Result<std::vector<LineCounterRow>> queryLineCounters(const SqliteDatabase& db, std::int64_t launchId)
{
    return collectRows<LineCounterRow>(db,
        "SELECT ptx_line, sum(warp_instructions), sum(thread_instructions), sum(transactions), sum(sectors),"
        " sum(wavefronts), sum(stall_cycles) FROM pc_counters WHERE launch_id = ?1 AND launch_id IN"
        " (SELECT l.id FROM launches l JOIN runs r ON r.id = l.run_id WHERE r.complete = 1)"
        " GROUP BY ptx_line ORDER BY ptx_line",
        launchId, [](const SqliteStatement& s) {
            return LineCounterRow { u32(s, 0), u64(s, 1), u64(s, 2), u64(s, 3), u64(s, 4), u64(s, 5), u64(s, 6) };
        });
}

engine::Result<std::vector<RequestTotalsRow>> queryRequestTotals(const SqliteDatabase& db, std::int64_t launchId)
{
    return collectRows<RequestTotalsRow>(db,
        "SELECT space, kind, count(*), sum(bytes), sum(transactions), sum(sectors), sum(conflict_degree)"
        " FROM memory_requests WHERE launch_id = ?1 AND launch_id IN"
        " (SELECT l.id FROM launches l JOIN runs r ON r.id = l.run_id WHERE r.complete = 1)"
        " GROUP BY space, kind ORDER BY space, kind",
        launchId, [](const SqliteStatement& s) {
            return RequestTotalsRow { static_cast<engine::RequestSpace>(s.columnInt(0)),
                static_cast<engine::RequestKind>(s.columnInt(1)), u64(s, 2), u64(s, 3), u64(s, 4), u64(s, 5), u64(s, 6) };
        });
}

engine::Result<std::vector<engine::simt::PrintfLine>> queryPrintfLines(const SqliteDatabase& db, std::int64_t launchId)
{
    return collectRows<engine::simt::PrintfLine>(db,
        "SELECT p.block_x, p.block_y, p.block_z, p.thread_x, p.thread_y, p.thread_z, p.warp, p.lane, p.text,"
        " l.grid_x, l.grid_y FROM printf_lines p JOIN launches l ON l.id = p.launch_id JOIN runs r ON r.id = l.run_id"
        " WHERE p.launch_id = ?1 AND r.complete = 1 ORDER BY p.seq",
        launchId, [](const SqliteStatement& s) {
            engine::simt::PrintfLine line;
            for (int d = 0; d < 3; ++d) {
                line.block[static_cast<std::size_t>(d)] = u32(s, d);
                line.thread[static_cast<std::size_t>(d)] = u32(s, 3 + d);
            }
            const auto gridX = static_cast<std::uint64_t>(s.columnInt(9));
            const auto gridY = static_cast<std::uint64_t>(s.columnInt(10));
            line.blockLinear = line.block[0] + gridX * (line.block[1] + gridY * line.block[2]);
            line.warp = u32(s, 6);
            line.lane = u32(s, 7);
            line.text = s.columnText(8);
            return line;
        });
}

} // namespace model
