#pragma once

#include "engine/trace/run_info.h"
#include "engine/simt/printf_log.h"
#include "engine/trace/trace_events.h"

#include <cstdint>
#include <string>

namespace model {

class SqliteStatement;

// Binds one event to its prepared insert (column order as in trace_statements.cpp). Writer thread.

void bindModule(SqliteStatement& s, std::int64_t runId, const engine::ModuleRecord& module);
void bindKernel(SqliteStatement& s, std::int64_t runId, const engine::KernelRecord& kernel);
void bindLaunch(SqliteStatement& s, std::int64_t runId, const engine::LaunchInfo& launch);
void bindLaunchSummary(SqliteStatement& s, std::int64_t launchRow, const engine::LaunchSummary& summary);
void bindPcCounter(SqliteStatement& s, std::int64_t launchRow, const engine::PcCounter& counter);
void bindCalleeCounter(SqliteStatement& s, std::int64_t launchRow, const engine::CalleeCounter& counter);
void bindInterval(SqliteStatement& s, std::int64_t launchRow, std::int64_t seq, const engine::WarpInterval& interval);
void bindRequest(SqliteStatement& s, std::int64_t launchRow, std::int64_t seq, const engine::MemoryRequest& request);
/// Binds the active lanes' addresses into `scratch` (which must outlive the step) as little-endian uint64.
void bindLanes(SqliteStatement& s, std::int64_t launchRow, std::int64_t requestSeq,
    const engine::LaneAddresses& lanes, std::string& scratch);
void bindStreamOp(SqliteStatement& s, std::int64_t runId, const engine::StreamOp& op);
void bindPrintfLine(SqliteStatement& s, std::int64_t launchId, std::int64_t seq, const engine::simt::PrintfLine& line);
void bindSweepPoint(SqliteStatement& s, std::int64_t runId, const engine::SweepPoint& point);

} // namespace model
