#include "model/store/trace_writer.h"

#include "model/store/trace_file_opener.h"
#include "model/store/writer_thread.h"

#include <utility>

namespace model {

engine::Result<std::unique_ptr<TraceWriter>> TraceWriter::open(const std::string& path, TraceWriterOptions options)
{
    auto db = openTraceForWriting(path, options.maxPageCount);
    if (!db)
        return db.error();
    auto inserter = TraceInserter::create(std::move(db).value(), options.rowsPerCommit);
    if (!inserter)
        return inserter.error();
    std::unique_ptr<TraceWriter> writer(new TraceWriter(path, options.queueBytes));
    writer->m_thread = std::make_unique<WriterThread>(writer->m_queue, std::move(inserter).value());
    return writer;
}

TraceWriter::TraceWriter(std::string path, std::size_t queueBytes)
    : m_path(std::move(path))
    , m_queue(queueBytes)
{
}

TraceWriter::~TraceWriter() = default;

void TraceWriter::beginRun(const engine::RunInfo& run) { m_queue.push(run); }

void TraceWriter::endRun(const engine::RunSummary& summary) { m_queue.push(EndRunCommand { summary }); }

void TraceWriter::checkpointRun(const engine::RunSummary& summary)
{
    m_queue.push(EndRunCommand { summary, false });
}

void TraceWriter::abortRun(std::string_view reason) { m_queue.push(AbortRunCommand { std::string(reason) }); }

void TraceWriter::module(const engine::ModuleRecord& module) { m_queue.push(module); }

void TraceWriter::kernel(const engine::KernelRecord& kernel) { m_queue.push(kernel); }

void TraceWriter::beginLaunch(const engine::LaunchInfo& launch) { m_queue.push(launch); }

void TraceWriter::endLaunch(const engine::LaunchSummary& summary) { m_queue.push(summary); }

void TraceWriter::pcCounters(std::span<const engine::PcCounter> counters)
{
    m_queue.push(std::vector(counters.begin(), counters.end()));
}

void TraceWriter::calleeCounters(std::span<const engine::CalleeCounter> counters)
{
    m_queue.push(std::vector(counters.begin(), counters.end()));
}

void TraceWriter::warpIntervals(std::span<const engine::WarpInterval> intervals)
{
    m_queue.push(std::vector(intervals.begin(), intervals.end()));
}

void TraceWriter::memoryRequests(std::span<const engine::MemoryRequest> requests,
    std::span<const engine::LaneAddresses> lanes)
{
    m_queue.push(RequestBatch { { requests.begin(), requests.end() }, { lanes.begin(), lanes.end() } });
}

void TraceWriter::streamOps(std::span<const engine::StreamOp> ops) { m_queue.push(std::vector(ops.begin(), ops.end())); }

void TraceWriter::printfLines(std::span<const engine::simt::PrintfLine> lines, std::uint64_t dropped)
{
    m_queue.push(PrintfBatch {std::vector(lines.begin(), lines.end()), dropped});
}

void TraceWriter::sweepPoints(std::span<const engine::SweepPoint> points)
{
    m_queue.push(std::vector(points.begin(), points.end()));
}

engine::Result<std::int64_t> TraceWriter::flush()
{
    const auto ticket = m_nextTicket++;
    m_queue.push(FlushCommand { ticket });
    return m_thread->waitFor(ticket);
}

} // namespace model
