#include "tests/model/store/store_test_support.h"

#include <unistd.h>

#include <algorithm>

namespace store_tests {

TempDir::TempDir(const std::string& name)
    : m_path(std::filesystem::temp_directory_path() / ("warpscope-store-" + name + "-" + std::to_string(::getpid())))
{
    std::filesystem::remove_all(m_path);
    std::filesystem::create_directories(m_path);
}

TempDir::~TempDir()
{
    std::error_code ignored;
    std::filesystem::permissions(m_path, std::filesystem::perms::owner_all, ignored);
    std::filesystem::remove_all(m_path, ignored);
}

std::vector<engine::WarpInterval> syntheticIntervals(std::uint32_t count, std::uint32_t sms, std::uint32_t launch)
{
    constexpr std::uint32_t kWarpsPerSm = 8;
    std::vector<std::uint64_t> clock(std::size_t { sms } * kWarpsPerSm, 0);
    std::vector<engine::WarpInterval> intervals(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        const auto slot = i % clock.size();
        auto& interval = intervals[i];
        interval.startCycle = clock[slot];
        interval.endCycle = clock[slot] + 4 + (i * 7 + launch) % 64;
        clock[slot] = interval.endCycle;
        interval.sm = engine::SmId(static_cast<std::uint16_t>(slot / kWarpsPerSm));
        interval.block = engine::BlockId(static_cast<std::uint32_t>(slot / 2));
        interval.warp = engine::WarpId(static_cast<std::uint16_t>(slot % kWarpsPerSm));
        interval.state = static_cast<engine::WarpState>(i % engine::kWarpStateCount);
    }
    return intervals;
}

namespace {

std::vector<engine::MemoryRequest> syntheticRequests(std::uint32_t count, std::vector<engine::LaneAddresses>& lanes)
{
    std::vector<engine::MemoryRequest> requests(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        auto& r = requests[i];
        r.issueCycle = i * 3u;
        r.pc = engine::Pc(i % 10);
        r.block = engine::BlockId(i / 8);
        r.sm = engine::SmId(static_cast<std::uint16_t>(i % 4));
        r.warp = engine::WarpId(static_cast<std::uint16_t>(i % 8));
        r.space = i % 3 == 0 ? engine::RequestSpace::Shared : engine::RequestSpace::Global;
        r.kind = i % 2 == 0 ? engine::RequestKind::Load : engine::RequestKind::Store;
        r.bytes = 128;
        r.transactions = 1 + i % 4;
        r.sectors = 4 + i % 5;
        r.conflictDegree = static_cast<std::uint8_t>(1 + i % 3);
        if (i % 16 == 0) { // every 16th request is sampled with its lane addresses
            engine::LaneAddresses sample;
            sample.activeMask = 0xffff00ffu;
            for (std::size_t lane = 0; lane < 32; ++lane)
                sample.address[lane] = (sample.activeMask >> lane) & 1 ? 0x1000'0000ull + i * 128 + lane * 4 : 0;
            r.laneAddressIndex = static_cast<std::uint32_t>(lanes.size());
            lanes.push_back(sample);
        }
    }
    return requests;
}

void sendLaunch(engine::TraceSink& sink, const RunShape& shape, std::uint32_t index)
{
    sink.beginLaunch(engine::LaunchInfo { engine::LaunchId(index), engine::KernelId(index % 2), engine::StreamId(0),
        { 64, 1, 1 }, { 256, 1, 1 }, 1024 });
    std::vector<engine::PcCounter> counters;
    for (std::uint32_t pc = 0; pc < 10; ++pc)
        counters.push_back(engine::PcCounter { engine::Pc(pc), 20 + pc / 2, 100u + pc, 3200u + pc, pc, 2 * pc, pc, 5 });
    sink.pcCounters(counters);
    const auto intervals = syntheticIntervals(shape.intervalsPerLaunch, shape.sms, index);
    for (std::size_t at = 0; at < intervals.size(); at += 4096)
        sink.warpIntervals(std::span(intervals).subspan(at, std::min<std::size_t>(4096, intervals.size() - at)));
    std::vector<engine::LaneAddresses> lanes;
    const auto requests = syntheticRequests(shape.requestsPerLaunch, lanes);
    sink.memoryRequests(requests, lanes);
    engine::LaunchSummary summary;
    summary.id = engine::LaunchId(index);
    summary.cycles = 5000 + index;
    summary.startUs = 10.0 * index;
    summary.timeUs = 3.5;
    summary.effectiveBandwidthGbps = 512.25;
    summary.achievedOccupancy = 0.75;
    summary.globalLoadRequests = 42;
    summary.threadInstructions = 1234567;
    if (!shape.printf.empty())
        sink.printfLines(shape.printf, 0);
    sink.endLaunch(summary);
}

} // namespace

void sendRun(engine::TraceSink& sink, const RunShape& shape, bool finish)
{
    sink.beginRun(engine::RunInfo { "2025-01-31T12:00:00Z", "0.1.0", "v100", "Tesla V100", "{\"id\":\"v100\"}",
        "scenarios/" + shape.label + ".json", "{\"warpscope\":1}", { { "n", 1024 }, { "offset", 3 } }, "" });
    sink.module(engine::ModuleRecord { engine::ModuleId(0), "copy.cu", ".version 7.0\n.target sm_70\n", "__global__ void k() {}" });
    sink.kernel(engine::KernelRecord { engine::KernelId(0), engine::ModuleId(0), "offsetCopy", "_Z10offsetCopy", 12, 0, 30, "ptxas sm_90" });
    sink.kernel(engine::KernelRecord { engine::KernelId(1), engine::ModuleId(0), "strideCopy", "_Z10strideCopy", 14, 0, 31, "estimated" });
    std::vector<engine::StreamOp> ops;
    for (std::uint32_t i = 0; i < shape.launches; ++i) {
        sendLaunch(sink, shape, i);
        ops.push_back(engine::StreamOp { engine::StreamId(0), engine::StreamOpKind::Kernel, "offsetCopy", 10.0 * i,
            10.0 * i + 3.5, 0, engine::LaunchId(i) });
    }
    ops.push_back(engine::StreamOp { engine::StreamId(1), engine::StreamOpKind::MemcpyHtoD, "h_in -> idata", 0.5, 2.5,
        4096, std::nullopt });
    sink.streamOps(ops);
    sink.sweepPoints(std::vector<engine::SweepPoint> { { 0, "v100", { { "offset", 0 } }, 3.5, 800.0 },
        { 1, "v100", { { "offset", 1 } }, 4.5, 700.0, 0.25 } });
    if (finish)
        sink.endRun(engine::RunSummary { 10.0 * shape.launches });
}

} // namespace store_tests
