// The trace store's speed: warp intervals and memory requests per second through model::TraceWriter
// (engine thread -> bounded queue -> writer thread -> SQLite) against raw prepared inserts of the same
// rows into the same schema on one thread, the bytes each recorded event costs on disk, and the time
// to open a 10-million-interval database and answer its first zoomed-out timeline window.
#include "model/store/event_rows.h"
#include "model/store/sqlite_statement.h"
#include "model/store/trace_file_opener.h"
#include "model/store/trace_reader.h"
#include "model/store/trace_writer.h"

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <vector>

namespace {

namespace fs = std::filesystem;
constexpr std::size_t kBatch = 4096; // events per sink call, as the executor batches them

std::string freshFile(const std::string& name)
{
    const auto path = fs::temp_directory_path() / ("warpscope-bench-" + name + "-" + std::to_string(::getpid()) + ".wsdb");
    for (const char* suffix : { "", "-wal", "-shm" })
        fs::remove(path.string() + suffix);
    return path.string();
}

/// 32 warps per SM on 80 SMs, back to back, 4..67 cycles each: the shape of a V100 launch's timeline.
std::vector<engine::WarpInterval> makeIntervals(std::size_t count)
{
    std::vector<std::uint64_t> clock(80 * 32, 0);
    std::vector<engine::WarpInterval> intervals(count);
    for (std::size_t i = 0; i < count; ++i) {
        const auto slot = i % clock.size();
        auto& interval = intervals[i];
        interval.startCycle = clock[slot];
        interval.endCycle = clock[slot] += 4 + (i * 7) % 64;
        interval.sm = engine::SmId(static_cast<std::uint16_t>(slot / 32));
        interval.block = engine::BlockId(static_cast<std::uint32_t>(i / 4096));
        interval.warp = engine::WarpId(static_cast<std::uint16_t>(slot % 32));
        interval.state = static_cast<engine::WarpState>(i % engine::kWarpStateCount);
    }
    return intervals;
}

std::vector<engine::MemoryRequest> makeRequests(std::size_t count)
{
    std::vector<engine::MemoryRequest> requests(count);
    for (std::size_t i = 0; i < count; ++i) {
        auto& r = requests[i];
        r.issueCycle = i * 2;
        r.pc = engine::Pc(static_cast<std::uint32_t>(i % 40));
        r.block = engine::BlockId(static_cast<std::uint32_t>(i / 512));
        r.sm = engine::SmId(static_cast<std::uint16_t>(i % 80));
        r.warp = engine::WarpId(static_cast<std::uint16_t>(i % 32));
        r.bytes = 128;
        r.transactions = 4;
        r.sectors = 4 + static_cast<std::uint32_t>(i % 2);
    }
    return requests;
}

engine::RunInfo benchRun() { return engine::RunInfo { "2025-01-31T00:00:00Z", "bench", "v100", "Tesla V100", "{}", "", "", {}, "" }; }

/// One run with one launch through the writer, timed until the last row is committed.
template <typename Send>
void writeThroughWriter(const std::string& path, Send&& send)
{
    auto writer = model::TraceWriter::open(path);
    if (!writer)
        throw std::runtime_error(writer.error().toString());
    auto& sink = *writer.value();
    sink.beginRun(benchRun());
    sink.beginLaunch(engine::LaunchInfo {});
    send(sink);
    sink.endLaunch(engine::LaunchSummary {});
    sink.endRun(engine::RunSummary {});
    if (auto flushed = sink.flush(); !flushed)
        throw std::runtime_error(flushed.error().toString());
}

void BM_WriterIntervals(benchmark::State& state)
{
    const auto intervals = makeIntervals(static_cast<std::size_t>(state.range(0)));
    const auto path = freshFile("writer-intervals");
    for (auto _ : state) {
        state.PauseTiming();
        fs::remove(path);
        state.ResumeTiming();
        writeThroughWriter(path, [&](engine::TraceSink& sink) {
            for (std::size_t at = 0; at < intervals.size(); at += kBatch)
                sink.warpIntervals(std::span(intervals).subspan(at, std::min(kBatch, intervals.size() - at)));
        });
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
    state.counters["bytes_per_interval"] = static_cast<double>(fs::file_size(path)) / static_cast<double>(state.range(0));
    fs::remove(path);
}

void BM_WriterRequests(benchmark::State& state)
{
    const auto requests = makeRequests(static_cast<std::size_t>(state.range(0)));
    const auto path = freshFile("writer-requests");
    for (auto _ : state) {
        state.PauseTiming();
        fs::remove(path);
        state.ResumeTiming();
        writeThroughWriter(path, [&](engine::TraceSink& sink) {
            for (std::size_t at = 0; at < requests.size(); at += kBatch)
                sink.memoryRequests(std::span(requests).subspan(at, std::min(kBatch, requests.size() - at)), {});
        });
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
    state.counters["bytes_per_request"] = static_cast<double>(fs::file_size(path)) / static_cast<double>(state.range(0));
    fs::remove(path);
}

/// The baseline: the same rows bound the same way, one prepared INSERT, one transaction, same thread.
template <typename Bind>
void insertRaw(const std::string& path, const char* sql, std::size_t count, Bind&& bind)
{
    auto db = model::openTraceForWriting(path);
    auto& connection = db.value();
    auto statement = model::SqliteStatement::prepare(connection, sql);
    auto& s = statement.value();
    if (sqlite3_exec(connection.handle(), "BEGIN", nullptr, nullptr, nullptr) != SQLITE_OK)
        throw std::runtime_error("BEGIN failed");
    for (std::size_t i = 0; i < count; ++i) {
        bind(s, i);
        if (s.run() != SQLITE_DONE)
            throw std::runtime_error("raw insert failed");
    }
    if (sqlite3_exec(connection.handle(), "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
        throw std::runtime_error("COMMIT failed");
}

void BM_RawIntervals(benchmark::State& state)
{
    const auto intervals = makeIntervals(static_cast<std::size_t>(state.range(0)));
    const auto path = freshFile("raw-intervals");
    for (auto _ : state) {
        state.PauseTiming();
        fs::remove(path);
        state.ResumeTiming();
        insertRaw(path,
            "INSERT INTO warp_intervals (launch_id, start_cycle, seq, duration_cycles, sm, block, warp, state)"
            " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            intervals.size(), [&](model::SqliteStatement& s, std::size_t i) {
                model::bindInterval(s, 1, static_cast<std::int64_t>(i), intervals[i]);
            });
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
    fs::remove(path);
}

void BM_RawRequests(benchmark::State& state)
{
    const auto requests = makeRequests(static_cast<std::size_t>(state.range(0)));
    const auto path = freshFile("raw-requests");
    for (auto _ : state) {
        state.PauseTiming();
        fs::remove(path);
        state.ResumeTiming();
        insertRaw(path,
            "INSERT INTO memory_requests (launch_id, issue_cycle, seq, pc, sm, block, warp, space, kind, bytes,"
            " transactions, sectors, conflict_degree) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            requests.size(), [&](model::SqliteStatement& s, std::size_t i) {
                model::bindRequest(s, 1, static_cast<std::int64_t>(i), requests[i]);
            });
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
    fs::remove(path);
}

/// Opens the 10M-interval file, lists its runs and launches and asks for the whole launch 2000 columns
/// wide: what the GUI does before it draws the first timeline screen.
void BM_OpenAndFirstWindow(benchmark::State& state)
{
    const auto count = static_cast<std::size_t>(state.range(0));
    const auto path = freshFile("open-10m");
    writeThroughWriter(path, [&](engine::TraceSink& sink) {
        const auto intervals = makeIntervals(count);
        for (std::size_t at = 0; at < intervals.size(); at += kBatch)
            sink.warpIntervals(std::span(intervals).subspan(at, std::min(kBatch, intervals.size() - at)));
    });
    std::size_t buckets = 0;
    for (auto _ : state) {
        auto reader = model::TraceReader::open(path);
        const auto runId = reader.value().runs().value().back().id;
        const auto launch = reader.value().launches(runId).value().front();
        const auto window = reader.value().timeline(model::TimelineRequest { launch.id, 0, launch.lastCycle, 2000 });
        buckets = window.value().buckets.size();
    }
    state.counters["buckets"] = static_cast<double>(buckets);
    state.counters["file_mib"] = static_cast<double>(fs::file_size(path)) / (1 << 20);
    fs::remove(path);
}

} // namespace

BENCHMARK(BM_WriterIntervals)->Arg(1 << 20)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_RawIntervals)->Arg(1 << 20)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_WriterRequests)->Arg(1 << 20)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_RawRequests)->Arg(1 << 20)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_OpenAndFirstWindow)->Arg(10'000'000)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);

BENCHMARK_MAIN();
