#include "model/store/event_rows.h"

#include "model/store/sqlite_statement.h"

#include <nlohmann/json.hpp>

namespace model {

namespace {

std::int64_t i64(std::uint64_t value) { return static_cast<std::int64_t>(value); }

} // namespace

void bindModule(SqliteStatement& s, std::int64_t runId, const engine::ModuleRecord& module)
{
    s.bind(1, runId);
    s.bind(2, std::int64_t { module.id.value });
    s.bind(3, module.path);
    s.bind(4, module.ptxText);
    s.bind(5, module.cudaSource);
}

void bindKernel(SqliteStatement& s, std::int64_t runId, const engine::KernelRecord& kernel)
{
    s.bind(1, runId);
    s.bind(2, std::int64_t { kernel.id.value });
    s.bind(3, std::int64_t { kernel.module.value });
    s.bind(4, kernel.name);
    s.bind(5, kernel.mangledName);
    s.bind(6, std::int64_t { kernel.registersPerThread });
    s.bind(7, std::int64_t { kernel.staticSharedBytes });
    s.bind(8, std::int64_t { kernel.instructionCount });
    s.bind(9, kernel.registersSource);
}

void bindLaunch(SqliteStatement& s, std::int64_t runId, const engine::LaunchInfo& launch)
{
    s.bind(1, runId);
    s.bind(2, std::int64_t { launch.id.value });
    s.bind(3, std::int64_t { launch.kernel.value });
    s.bind(4, std::int64_t { launch.stream.value });
    for (int axis = 0; axis < 3; ++axis) {
        s.bind(5 + axis, std::int64_t { launch.grid[static_cast<std::size_t>(axis)] });
        s.bind(8 + axis, std::int64_t { launch.block[static_cast<std::size_t>(axis)] });
    }
    s.bind(11, std::int64_t { launch.dynamicSharedBytes });
}

void bindLaunchSummary(SqliteStatement& s, std::int64_t launchRow, const engine::LaunchSummary& m)
{
    s.bind(1, launchRow);
    s.bind(2, i64(m.cycles));
    s.bind(3, m.startUs);
    s.bind(4, m.timeUs);
    s.bind(5, m.effectiveBandwidthGbps);
    s.bind(6, m.theoreticalOccupancy);
    s.bind(7, m.achievedOccupancy);
    const std::uint64_t counters[] = { m.globalLoadRequests, m.globalLoadSectors, m.globalLoadTransactions,
        m.globalStoreRequests, m.globalStoreSectors, m.globalStoreTransactions, m.sharedLoadRequests,
        m.sharedLoadWavefronts, m.sharedStoreRequests, m.sharedStoreWavefronts, m.dramBytesRead, m.dramBytesWrite,
        m.warpInstructions, m.threadInstructions };
    int index = 8;
    for (const auto counter : counters)
        s.bind(index++, i64(counter));
    // Schema version 2: the bytes behind load and store efficiency (?25..?28; ?22..?24 are the interval totals);
    // version 3: the cache sectors (?29..?32); version 9: the ideal shared wavefronts (?33, ?34).
    const std::uint64_t bytes[] = { m.globalLoadBytesRequested, m.globalLoadBytesMoved, m.globalStoreBytesRequested,
        m.globalStoreBytesMoved, m.l1HitSectors, m.l1MissSectors, m.l2HitSectors, m.l2MissSectors,
        m.sharedLoadIdealWavefronts, m.sharedStoreIdealWavefronts };
    index = 25;
    for (const auto value : bytes)
        s.bind(index++, i64(value));
}

void bindPcCounter(SqliteStatement& s, std::int64_t launchRow, const engine::PcCounter& c)
{
    s.bind(1, launchRow);
    s.bind(2, std::int64_t { c.pc.value });
    s.bind(3, std::int64_t { c.ptxLine });
    s.bind(4, i64(c.warpInstructions));
    s.bind(5, i64(c.threadInstructions));
    s.bind(6, i64(c.transactions));
    s.bind(7, i64(c.sectors));
    s.bind(8, i64(c.wavefronts));
    s.bind(9, i64(c.stallCycles));
}

void bindCalleeCounter(SqliteStatement& s, std::int64_t launchRow, const engine::CalleeCounter& c)
{
    s.bind(1, launchRow);
    s.bind(2, std::int64_t { c.function });
    s.bind(3, std::int64_t { c.pc.value });
    s.bind(4, i64(c.warpInstructions));
    s.bind(5, i64(c.threadInstructions));
}

void bindInterval(SqliteStatement& s, std::int64_t launchRow, std::int64_t seq, const engine::WarpInterval& interval)
{
    s.bind(1, launchRow);
    s.bind(2, i64(interval.startCycle));
    s.bind(3, seq);
    // Stored as a duration: small numbers take fewer bytes in SQLite's variable-length integers.
    s.bind(4, i64(interval.endCycle > interval.startCycle ? interval.endCycle - interval.startCycle : 0));
    s.bind(5, std::int64_t { interval.sm.value });
    s.bind(6, std::int64_t { interval.block.value });
    s.bind(7, std::int64_t { interval.warp.value });
    s.bind(8, std::int64_t { static_cast<std::uint8_t>(interval.state) });
}

void bindRequest(SqliteStatement& s, std::int64_t launchRow, std::int64_t seq, const engine::MemoryRequest& r)
{
    s.bind(1, launchRow);
    s.bind(2, i64(r.issueCycle));
    s.bind(3, seq);
    s.bind(4, std::int64_t { r.pc.value });
    s.bind(5, std::int64_t { r.sm.value });
    s.bind(6, std::int64_t { r.block.value });
    s.bind(7, std::int64_t { r.warp.value });
    s.bind(8, std::int64_t { static_cast<std::uint8_t>(r.space) });
    s.bind(9, std::int64_t { static_cast<std::uint8_t>(r.kind) });
    s.bind(10, std::int64_t { r.bytes });
    s.bind(11, std::int64_t { r.transactions });
    s.bind(12, std::int64_t { r.sectors });
    s.bind(13, std::int64_t { r.conflictDegree });
}

void bindLanes(SqliteStatement& s, std::int64_t launchRow, std::int64_t requestSeq,
    const engine::LaneAddresses& lanes, std::string& scratch)
{
    scratch.clear();
    for (std::size_t lane = 0; lane < lanes.address.size(); ++lane) {
        if (!(lanes.activeMask & (1u << lane)))
            continue;
        for (int byte = 0; byte < 8; ++byte)
            scratch.push_back(static_cast<char>((lanes.address[lane] >> (8 * byte)) & 0xff));
    }
    s.bind(1, launchRow);
    s.bind(2, requestSeq);
    s.bind(3, std::int64_t { lanes.activeMask });
    s.bindBlob(4, scratch.data(), scratch.size());
}

void bindPrintfLine(SqliteStatement& s, std::int64_t launchId, std::int64_t seq, const engine::simt::PrintfLine& line)
{
    s.bind(1, launchId);
    s.bind(2, seq);
    for (int d = 0; d < 3; ++d) {
        s.bind(3 + d, std::int64_t {line.block[static_cast<std::size_t>(d)]});
        s.bind(6 + d, std::int64_t {line.thread[static_cast<std::size_t>(d)]});
    }
    s.bind(9, std::int64_t {line.warp});
    s.bind(10, std::int64_t {line.lane});
    s.bind(11, std::string_view(line.text));
}

void bindStreamOp(SqliteStatement& s, std::int64_t runId, const engine::StreamOp& op)
{
    s.bind(1, runId);
    s.bind(2, std::int64_t { op.stream.value });
    s.bind(3, std::int64_t { static_cast<std::uint8_t>(op.kind) });
    s.bind(4, op.name);
    s.bind(5, op.startUs);
    s.bind(6, op.endUs);
    s.bind(7, i64(op.bytes));
    if (op.launch)
        s.bind(8, std::int64_t { op.launch->value });
    else
        s.bindNull(8);
}

void bindSweepPoint(SqliteStatement& s, std::int64_t runId, const engine::SweepPoint& point)
{
    auto parameters = nlohmann::json::object();
    for (const auto& [name, value] : point.parameters)
        parameters[name] = value;
    s.bind(1, runId);
    s.bind(2, std::int64_t { point.index });
    s.bind(3, point.deviceId);
    s.bind(4, parameters.dump());
    s.bind(5, point.totalTimeUs);
    s.bind(6, point.effectiveBandwidthGbps);
    s.bind(7, point.simulatedShare);
}

} // namespace model
