#pragma once

#include "engine/simt/printf_log.h"
#include "engine/trace/run_info.h"
#include "engine/trace/trace_events.h"

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace model {

// What the engine thread hands to the writer thread: owned copies of the sink's calls.

/// Marks the run complete with `summary`; a checkpoint (closesRun false) keeps it open for more rows.
struct EndRunCommand {
    engine::RunSummary summary;
    bool closesRun = true;
};
struct AbortRunCommand {
    std::string reason;
};
/// A launch's device printf output (TraceSink::printfLines).
struct PrintfBatch {
    std::vector<engine::simt::PrintfLine> lines;
    std::uint64_t dropped = 0;
};
struct RequestBatch {
    std::vector<engine::MemoryRequest> requests;
    std::vector<engine::LaneAddresses> lanes;
};
/// Asks the writer thread to commit and report back that everything before it is on disk.
struct FlushCommand {
    std::uint64_t ticket = 0;
};

using WriteCommand
    = std::variant<engine::RunInfo, EndRunCommand, AbortRunCommand, engine::ModuleRecord, engine::KernelRecord,
        engine::LaunchInfo, engine::LaunchSummary, std::vector<engine::PcCounter>, std::vector<engine::CalleeCounter>,
        std::vector<engine::WarpInterval>,
        RequestBatch, std::vector<engine::StreamOp>, std::vector<engine::SweepPoint>, FlushCommand, PrintfBatch>;

/// Roughly how much memory a command holds, for the queue's bound (bytes).
std::size_t approximateBytes(const WriteCommand& command);

} // namespace model
