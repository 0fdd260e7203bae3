#include "engine/host/run_recording.h"

#include "engine/host/module_source.h"

#include <fstream>
#include <map>
#include <sstream>

namespace engine {

namespace {

std::string readText(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return {};
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

StreamOpKind streamOpKind(DeviceOpKind kind)
{
    switch (kind) {
    case DeviceOpKind::Kernel:
        return StreamOpKind::Kernel;
    case DeviceOpKind::MemcpyHostToDevice:
        return StreamOpKind::MemcpyHtoD;
    case DeviceOpKind::MemcpyDeviceToHost:
        return StreamOpKind::MemcpyDtoH;
    case DeviceOpKind::MemcpyDeviceToDevice:
        return StreamOpKind::MemcpyDtoD;
    case DeviceOpKind::MemcpyHostToHost:
        return StreamOpKind::MemcpyHtoH;
    case DeviceOpKind::Memset:
        return StreamOpKind::Memset;
    }
    return StreamOpKind::Kernel;
}

/// Exact per-PC totals of one launch: issues from the functional run, memory from the generation's rules.
std::vector<PcCounter> pcCounters(const LaunchReport& launch, const ptx::Function& function, std::uint32_t functionIndex)
{
    std::vector<PcCounter> counters;
    const auto& perFunction = launch.outcome.stats.perFunction;
    if (functionIndex >= perFunction.size())
        return counters;
    const auto& issues = perFunction[functionIndex];
    for (std::size_t pc = 0; pc < issues.warpExecutions.size(); ++pc) {
        PcCounter c;
        c.pc = Pc(static_cast<std::uint32_t>(pc));
        c.ptxLine = pc < function.instructions.size() ? function.instructions[pc].ptxLine : 0;
        c.warpInstructions = issues.warpExecutions[pc];
        c.threadInstructions = pc < issues.threadExecutions.size() ? issues.threadExecutions[pc] : 0;
        if (pc < launch.outcome.perPcMemory.size()) {
            const auto& m = launch.outcome.perPcMemory[pc];
            c.transactions = m.transactions;
            c.sectors = m.sectors;
            c.wavefronts = m.wavefronts;
        }
        if (c.warpInstructions > 0)
            counters.push_back(c);
    }
    return counters;
}

/// Issue totals of every other function the launch executed (the kernel's callees).
std::vector<CalleeCounter> calleeCounters(const LaunchReport& launch, std::uint32_t kernelIndex)
{
    std::vector<CalleeCounter> counters;
    const auto& perFunction = launch.outcome.stats.perFunction;
    for (std::uint32_t f = 0; f < perFunction.size(); ++f) {
        if (f == kernelIndex)
            continue;
        const auto& issues = perFunction[f];
        for (std::size_t pc = 0; pc < issues.warpExecutions.size(); ++pc) {
            if (issues.warpExecutions[pc] == 0)
                continue;
            counters.push_back(CalleeCounter {f, Pc(static_cast<std::uint32_t>(pc)), issues.warpExecutions[pc],
                pc < issues.threadExecutions.size() ? issues.threadExecutions[pc] : 0});
        }
    }
    return counters;
}

LaunchSummary launchSummary(const LaunchReport& launch, LaunchId id, double startUs)
{
    const auto& o = launch.outcome;
    const auto& m = o.memory;
    LaunchSummary s;
    s.id = id;
    s.cycles = o.cycles.value_or(0);
    s.startUs = startUs;
    s.timeUs = o.timeUs.value_or(0.0);
    const double bytes = static_cast<double>(m.globalLoadBytesRequested + m.globalStoreBytesRequested);
    // best-practices-guide-v8.0.txt §8.2.2: ((Br + Bw) / 10^9) / time.
    s.effectiveBandwidthGbps = s.timeUs > 0 ? bytes / 1e3 / s.timeUs : 0.0;
    s.theoreticalOccupancy = launch.theoreticalOccupancy;
    s.achievedOccupancy = o.achievedOccupancy.value_or(0.0);
    s.globalLoadRequests = m.globalLoadRequests;
    s.globalLoadSectors = m.globalLoadSectors;
    s.globalLoadTransactions = m.globalLoadTransactions;
    s.globalStoreRequests = m.globalStoreRequests;
    s.globalStoreSectors = m.globalStoreSectors;
    s.globalStoreTransactions = m.globalStoreTransactions;
    s.sharedLoadRequests = m.sharedLoadRequests;
    s.sharedLoadWavefronts = m.sharedLoadWavefronts;
    s.sharedStoreRequests = m.sharedStoreRequests;
    s.sharedStoreWavefronts = m.sharedStoreWavefronts;
    s.sharedLoadIdealWavefronts = m.sharedLoadIdealWavefronts;
    s.sharedStoreIdealWavefronts = m.sharedStoreIdealWavefronts;
    s.dramBytesRead = o.dramBytesRead.value_or(0);
    s.dramBytesWrite = o.dramBytesWritten.value_or(0);
    s.warpInstructions = o.stats.warpInstructions;
    s.threadInstructions = o.stats.threadInstructions;
    s.globalLoadBytesRequested = m.globalLoadBytesRequested;
    s.globalLoadBytesMoved = m.globalLoadBytesMoved;
    s.globalStoreBytesRequested = m.globalStoreBytesRequested;
    s.globalStoreBytesMoved = m.globalStoreBytesMoved;
    if (o.caches) {
        s.l1HitSectors = o.caches->l1HitSectors;
        s.l1MissSectors = o.caches->l1MissSectors;
        s.l2HitSectors = o.caches->l2HitSectors;
        s.l2MissSectors = o.caches->l2MissSectors;
    }
    return s;
}

} // namespace

ModuleRecord scenarioModuleRecord(const ResolvedScenario& scenario, const ptx::Module& module, const DeviceProfile& profile)
{
    ModuleRecord record;
    record.id = ModuleId(0);
    record.path = scenario.module.string();
    const auto isPtx = [](const std::filesystem::path& p) { return p.extension() == ".ptx"; };
    if (isPtx(scenario.module)) {
        record.ptxText = readText(scenario.module);
    } else {
        record.cudaSource = readText(scenario.module);
        const auto shipped = shippedPtxFor(scenario.module, profile);
        const std::filesystem::path source(module.sourceName);
        record.ptxText = readText(!shipped.empty() ? shipped : isPtx(source) ? source : std::filesystem::path());
    }
    return record;
}

void recordRun(const RunReport& report, const ResolvedScenario& scenario, const ptx::Module& module,
    const ModuleRecord& moduleRecord, const RecordingContext& context, TraceSink& sink)
{
    RunInfo info;
    info.date = context.date;
    info.toolVersion = context.toolVersion;
    info.deviceId = report.device;
    info.deviceName = context.deviceName;
    info.deviceProfileJson = context.deviceProfileJson;
    info.scenarioPath = report.scenario;
    info.scenarioText = readText(scenario.file);
    info.sampling = "warp states of SM 0; every memory request of block 0, with its lane addresses";
    for (const auto& [name, value] : report.params)
        info.parameters.emplace_back(name, value);
    sink.beginRun(info);
    sink.module(moduleRecord);

    // Kernel launches appear on the timeline in issue order, which is launch order.
    std::vector<double> launchStarts;
    std::vector<StreamOp> ops;
    for (const auto& entry : report.timeline) {
        StreamOp op { StreamId(entry.op.stream), streamOpKind(entry.op.kind), entry.op.name, entry.startUs, entry.endUs,
            entry.op.bytes, std::nullopt };
        if (entry.op.kind == DeviceOpKind::Kernel) {
            op.launch = LaunchId(static_cast<std::uint32_t>(launchStarts.size()));
            launchStarts.push_back(entry.startUs);
        }
        ops.push_back(std::move(op));
    }

    std::map<std::string, KernelId> kernels;
    for (std::size_t i = 0; i < report.launches.size(); ++i) {
        const auto& launch = report.launches[i];
        const int functionIndex = module.findFunction(launch.mangled);
        if (functionIndex < 0)
            continue;
        const auto& function = module.functions[static_cast<std::size_t>(functionIndex)];
        auto kernel = kernels.find(launch.mangled);
        if (kernel == kernels.end()) {
            const KernelId id(static_cast<std::uint32_t>(kernels.size()));
            kernel = kernels.emplace(launch.mangled, id).first;
            sink.kernel(KernelRecord { id, moduleRecord.id, launch.kernel, launch.mangled,
                static_cast<std::uint32_t>(launch.registersPerThread), static_cast<std::uint32_t>(launch.staticSharedBytes),
                static_cast<std::uint32_t>(function.instructions.size()), launch.registersSource });
        }
        const LaunchId id(static_cast<std::uint32_t>(i));
        sink.beginLaunch(LaunchInfo { id, kernel->second, StreamId(launch.stream), { launch.grid[0], launch.grid[1], launch.grid[2] },
            { launch.block[0], launch.block[1], launch.block[2] }, launch.dynamicSharedBytes });
        const auto counters = pcCounters(launch, function, static_cast<std::uint32_t>(functionIndex));
        sink.pcCounters(counters);
        if (const auto callees = calleeCounters(launch, static_cast<std::uint32_t>(functionIndex)); !callees.empty())
            sink.calleeCounters(callees);
        if (!launch.outcome.sampledRequests.empty())
            sink.memoryRequests(launch.outcome.sampledRequests, launch.outcome.sampledLanes);
        constexpr std::size_t kBatch = 4096;
        const auto& intervals = launch.outcome.intervals;
        for (std::size_t at = 0; at < intervals.size(); at += kBatch)
            sink.warpIntervals(std::span(intervals).subspan(at, std::min(kBatch, intervals.size() - at)));
        if (!launch.printf.empty() || launch.printfDropped > 0)
            sink.printfLines(launch.printf, launch.printfDropped);
        sink.endLaunch(launchSummary(launch, id, i < launchStarts.size() ? launchStarts[i] : 0.0));
    }
    sink.streamOps(ops);
    sink.endRun(RunSummary { report.totalTimeUs });
}

} // namespace engine
