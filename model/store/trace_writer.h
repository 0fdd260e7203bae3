#pragma once

#include "engine/common/result.h"
#include "engine/trace/trace_sink.h"
#include "model/store/write_queue.h"

#include <cstdint>
#include <memory>
#include <string>

namespace model {

class WriterThread;

/// Tuning of a TraceWriter; the defaults suit the GUI and the CLI.
struct TraceWriterOptions {
    std::size_t queueBytes = std::size_t { 64 } << 20; ///< how far the writer may fall behind the engine
    std::uint64_t rowsPerCommit = 1 << 18; ///< rows per intermediate transaction of a run
    std::int64_t maxPageCount = 0; ///< > 0 caps the file's size in pages (simulates a full disk in tests)
};

/// The SQLite trace store's writer: the engine's TraceSink. The sink calls run on the engine's thread
/// and only copy the batch into a bounded queue; a thread owned by this object drains the queue into
/// the database (TraceInserter). Destroying the writer finishes writing what was queued; a run without
/// endRun at that point is discarded (one with a checkpointRun is kept as of its last checkpoint).
class TraceWriter final : public engine::TraceSink {
public:
    /// Opens or creates `path` (schema created or upgraded, incomplete runs of dead writers removed)
    /// and starts the writer thread. Errors name the file.
    static engine::Result<std::unique_ptr<TraceWriter>> open(const std::string& path, TraceWriterOptions options = {});
    ~TraceWriter() override;
    TraceWriter(const TraceWriter&) = delete;
    TraceWriter& operator=(const TraceWriter&) = delete;

    void beginRun(const engine::RunInfo& run) override;
    void endRun(const engine::RunSummary& summary) override;
    void abortRun(std::string_view reason) override;
    void module(const engine::ModuleRecord& module) override;
    void kernel(const engine::KernelRecord& kernel) override;
    void beginLaunch(const engine::LaunchInfo& launch) override;
    void endLaunch(const engine::LaunchSummary& summary) override;
    void pcCounters(std::span<const engine::PcCounter> counters) override;
    void calleeCounters(std::span<const engine::CalleeCounter> counters) override;
    void warpIntervals(std::span<const engine::WarpInterval> intervals) override;
    void memoryRequests(std::span<const engine::MemoryRequest> requests,
        std::span<const engine::LaneAddresses> lanes) override;
    void streamOps(std::span<const engine::StreamOp> ops) override;
    void printfLines(std::span<const engine::simt::PrintfLine> lines, std::uint64_t dropped) override;
    void sweepPoints(std::span<const engine::SweepPoint> points) override;
    /// Commits the open run as complete with `summary` so far and keeps it open: rows sent after it join
    /// the same run (a sweep's points, each kept through a kill). A writer closed or a run begun before its
    /// endRun keeps it as of its last checkpoint; a later write failure still discards it.
    void checkpointRun(const engine::RunSummary& summary);

    /// Waits until everything sent so far is committed. Returns the first write error since the last
    /// flush (the run it hit was discarded), or the id (runs.id) of the last run that became complete.
    engine::Result<std::int64_t> flush();

    const std::string& path() const { return m_path; }

private:
    TraceWriter(std::string path, std::size_t queueBytes);

    std::string m_path;
    WriteQueue m_queue;
    std::uint64_t m_nextTicket = 1; ///< engine thread only
    std::unique_ptr<WriterThread> m_thread; ///< last member: stopped first
};

} // namespace model
