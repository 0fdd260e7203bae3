#include "model/export/chrome_trace_writer.h"

#include "model/export/run_device.h"
#include "model/store/trace_reader.h"

#include <nlohmann/json.hpp>

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

namespace model {

namespace {

// Chrome trace-event format (the "Trace Event Format" document of the Chromium project): "X" complete
// events carry ts and dur in microseconds; "i" instant events a scope; "M" metadata events name
// processes and threads. pid/tid are integers; events of one (pid, tid) must nest.
constexpr std::int64_t kHostPid = 1;
constexpr std::int64_t kFirstLaunchPid = 1000;
constexpr std::int64_t kStreamTidBase = 100; ///< stream s is track kStreamTidBase + s (s ≥ 0)
constexpr std::int64_t kH2dEngineTid = 1;
constexpr std::int64_t kD2hEngineTid = 2;
constexpr std::int64_t kWarpsPerBlockTid = 32; ///< 1024 threads at most per block

/// Whole nanoseconds: the grid every timestamp is rounded to.
std::int64_t toNs(double us) { return std::llround(us * 1000.0); }

/// "12.345" from 12345 ns, exact (no binary rounding in the output).
std::string usText(std::int64_t ns)
{
    char text[40];
    const char* sign = ns < 0 ? "-" : "";
    const auto magnitude = ns < 0 ? -ns : ns;
    std::snprintf(text, sizeof text, "%s%" PRId64 ".%03" PRId64, sign, magnitude / 1000, magnitude % 1000);
    return text;
}

/// Streams events into the traceEvents array, comma-separated.
class EventStream {
public:
    explicit EventStream(std::ostream& out)
        : m_out(out)
    {
        m_out << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
    }

    void complete(const std::string& name, const char* category, std::int64_t pid, std::int64_t tid,
        std::int64_t startNs, std::int64_t endNs, const nlohmann::json& args = nullptr)
    {
        begin();
        m_out << "{\"name\":" << nlohmann::json(name).dump() << ",\"cat\":\"" << category << "\",\"ph\":\"X\",\"ts\":"
              << usText(startNs) << ",\"dur\":" << usText(endNs - startNs) << ",\"pid\":" << pid << ",\"tid\":" << tid;
        if (!args.is_null())
            m_out << ",\"args\":" << args.dump();
        m_out << '}';
    }

    void instant(const std::string& name, const char* category, std::int64_t pid, std::int64_t tid, std::int64_t ns)
    {
        begin();
        m_out << "{\"name\":" << nlohmann::json(name).dump() << ",\"cat\":\"" << category
              << "\",\"ph\":\"i\",\"s\":\"t\",\"ts\":" << usText(ns) << ",\"pid\":" << pid << ",\"tid\":" << tid << '}';
    }

    void processName(std::int64_t pid, const std::string& name, std::int64_t sortIndex)
    {
        metadata("process_name", pid, 0, { { "name", name } });
        metadata("process_sort_index", pid, 0, { { "sort_index", sortIndex } });
    }

    void threadName(std::int64_t pid, std::int64_t tid, const std::string& name)
    {
        metadata("thread_name", pid, tid, { { "name", name } });
        metadata("thread_sort_index", pid, tid, { { "sort_index", tid } });
    }

    void finish() { m_out << "\n]}\n"; }

private:
    void begin()
    {
        if (m_any)
            m_out << ",\n";
        m_any = true;
    }

    void metadata(const char* what, std::int64_t pid, std::int64_t tid, const nlohmann::json& args)
    {
        begin();
        m_out << nlohmann::json { { "name", what }, { "ph", "M" }, { "pid", pid }, { "tid", tid }, { "args", args } }.dump();
    }

    std::ostream& m_out;
    bool m_any = false;
};

const char* opName(engine::StreamOpKind kind)
{
    switch (kind) {
    case engine::StreamOpKind::Kernel:
        return "kernel";
    case engine::StreamOpKind::MemcpyHtoD:
        return "memcpy HtoD";
    case engine::StreamOpKind::MemcpyDtoH:
        return "memcpy DtoH";
    case engine::StreamOpKind::MemcpyDtoD:
        return "memcpy DtoD";
    case engine::StreamOpKind::Memset:
        return "memset";
    case engine::StreamOpKind::EventRecord:
        return "event record";
    case engine::StreamOpKind::EventWait:
        return "event wait";
    case engine::StreamOpKind::MemcpyHtoH:
        return "memcpy HtoH";
    }
    return "operation";
}

bool isInstant(engine::StreamOpKind kind)
{
    return kind == engine::StreamOpKind::EventRecord || kind == engine::StreamOpKind::EventWait;
}

nlohmann::json opArgs(const engine::StreamOp& op)
{
    nlohmann::json args { { "kind", opName(op.kind) }, { "stream", op.stream.value } };
    if (op.bytes > 0) {
        args["bytes"] = op.bytes;
        if (op.endUs > op.startUs)
            args["bandwidth_gbps"] = static_cast<double>(op.bytes) / ((op.endUs - op.startUs) * 1e3);
    }
    if (op.launch)
        args["launch"] = op.launch->value;
    return args;
}

std::string streamName(std::int32_t stream)
{
    return stream == 0 ? std::string("default stream") : "stream " + std::to_string(stream);
}

/// The host timeline: stream tracks and copy-engine tracks.
void writeHost(EventStream& events, const std::vector<engine::StreamOp>& ops, int copyEngines)
{
    events.processName(kHostPid, "Host timeline", 0);
    const bool oneEngine = copyEngines <= 1;
    std::map<std::int32_t, bool> streams;
    bool h2d = false;
    bool d2h = false;
    for (const auto& op : ops) {
        streams[op.stream.value] = true;
        const auto tid = kStreamTidBase + op.stream.value;
        const auto start = toNs(op.startUs);
        if (isInstant(op.kind)) {
            events.instant(op.name.empty() ? opName(op.kind) : op.name, "stream", kHostPid, tid, start);
            continue;
        }
        const auto end = std::max(start, toNs(op.endUs));
        events.complete(op.name.empty() ? opName(op.kind) : op.name, "stream", kHostPid, tid, start, end, opArgs(op));
        // The copy engines serve one transfer at a time each, so their tracks nest as well.
        if (op.kind == engine::StreamOpKind::MemcpyHtoD || (oneEngine && op.kind == engine::StreamOpKind::MemcpyDtoH)) {
            h2d = true;
            events.complete(op.name, "copy_engine", kHostPid, kH2dEngineTid, start, end, opArgs(op));
        } else if (op.kind == engine::StreamOpKind::MemcpyDtoH) {
            d2h = true;
            events.complete(op.name, "copy_engine", kHostPid, kD2hEngineTid, start, end, opArgs(op));
        }
    }
    if (h2d)
        events.threadName(kHostPid, kH2dEngineTid, oneEngine ? "copy engine" : "H2D copy engine");
    if (d2h)
        events.threadName(kHostPid, kD2hEngineTid, "D2H copy engine");
    for (const auto& [stream, unused] : streams)
        events.threadName(kHostPid, kStreamTidBase + stream, streamName(stream));
}

} // namespace

std::optional<engine::Error> writeChromeTrace(const TraceReader& reader, std::int64_t runId, std::ostream& out)
{
    auto detail = reader.runDetail(runId);
    if (!detail)
        return detail.error();
    auto device = runDevice(detail.value());
    if (!device)
        return device.error();
    auto ops = reader.streamOps(runId);
    if (!ops)
        return ops.error();
    auto launches = reader.launches(runId);
    if (!launches)
        return launches.error();

    EventStream events(out);
    writeHost(events, ops.value(), device->host.asyncEngineCount);
    const double cyclesPerUs = device->coreClockMhz;
    for (std::size_t i = 0; i < launches->size(); ++i) {
        const auto& launch = launches->at(i);
        const auto launchStartNs = toNs(launch.summary.startUs);
        const auto pidBase = kFirstLaunchPid * static_cast<std::int64_t>(i + 1);
        std::map<std::uint16_t, std::map<std::int64_t, std::string>> tracks; // SM → warp track → name
        auto error = reader.forEachInterval(launch.id, [&](const engine::WarpInterval& interval) {
            const auto pid = pidBase + interval.sm.value;
            const auto tid = static_cast<std::int64_t>(interval.block.value) * kWarpsPerBlockTid + interval.warp.value;
            auto& names = tracks[interval.sm.value];
            if (!names.contains(tid))
                names.emplace(tid, "block " + std::to_string(interval.block.value) + " warp " + std::to_string(interval.warp.value));
            const auto start = launchStartNs + toNs(static_cast<double>(interval.startCycle) / cyclesPerUs);
            const auto end = launchStartNs + toNs(static_cast<double>(interval.endCycle) / cyclesPerUs);
            events.complete(std::string(engine::toString(interval.state)), "warp", pid, tid, start, end,
                { { "start_cycle", interval.startCycle }, { "end_cycle", interval.endCycle } });
        });
        if (error)
            return error;
        for (const auto& [sm, names] : tracks) {
            const auto pid = pidBase + sm;
            events.processName(pid, "launch " + std::to_string(i) + " " + launch.kernelName + " — SM " + std::to_string(sm), pid);
            for (const auto& [tid, name] : names)
                events.threadName(pid, tid, name);
        }
    }
    events.finish();
    if (!out)
        return engine::Error { engine::ErrorCode::IoError, "cannot write the trace (is the disk full?)" };
    return std::nullopt;
}

} // namespace model
