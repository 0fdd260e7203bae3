#include "model/run/run_snapshot_builder.h"
#include "model/run/time_range.h"

#include "engine/device/device_profile.h"
#include "engine/host/run_report.h"
#include "engine/simt/printf_log.h"

namespace model {

namespace {

QString toQString(const std::string& text)
{
    return QString::fromStdString(text);
}

TimelineBar buildBar(const engine::TimelineEntry& entry)
{
    TimelineBar bar;
    bar.kind = static_cast<TimelineOpKind>(entry.op.kind);
    bar.engine = static_cast<TimelineEngine>(entry.engine);
    bar.stream = entry.op.stream;
    bar.name = toQString(entry.op.name);
    bar.bytes = entry.op.bytes;
    bar.startUs = entry.startUs;
    bar.endUs = entry.endUs;
    return bar;
}

// The enums above mirror the engine's, in the same order.
static_assert(static_cast<int>(engine::DeviceOpKind::Memset) == static_cast<int>(TimelineOpKind::Memset));
static_assert(static_cast<int>(engine::EngineKind::Host) == static_cast<int>(TimelineEngine::Host));

} // namespace

LaunchSummary buildLaunchSummary(const engine::LaunchReport& launch)
{
    const auto& o = launch.outcome;
    const auto& m = o.memory;
    LaunchSummary s;
    s.kernel = toQString(launch.kernel);
    s.stepPath = toQString(launch.stepPath);
    s.stream = launch.stream;
    s.grid = launch.grid;
    s.block = launch.block;
    s.sharedBytes = launch.staticSharedBytes + launch.dynamicSharedBytes;
    s.registersPerThread = launch.registersPerThread;
    s.registersSource = toQString(launch.registersSource);
    s.timeUs = o.timeUs;
    // Best Practices Guide v8.0 §8.2.2: ((Br + Bw) / 10^9) / time, with the bytes the program asked for.
    if (o.timeUs && *o.timeUs > 0) {
        const auto bytes = static_cast<double>(m.globalLoadBytesRequested + m.globalStoreBytesRequested);
        s.effectiveBandwidthGBps = (bytes / 1e9) / (*o.timeUs * 1e-6);
    }
    s.achievedOccupancy = o.achievedOccupancy;
    s.theoreticalOccupancy = launch.theoreticalOccupancy;
    s.loadRequests = m.globalLoadRequests;
    s.loadSectors = m.globalLoadSectors;
    s.loadTransactions = m.globalLoadTransactions;
    s.storeRequests = m.globalStoreRequests;
    s.storeSectors = m.globalStoreSectors;
    s.storeTransactions = m.globalStoreTransactions;
    s.loadEfficiency = m.loadEfficiency();
    s.storeEfficiency = m.storeEfficiency();
    s.sharedLoadRequests = m.sharedLoadRequests;
    s.sharedLoadWavefronts = m.sharedLoadWavefronts;
    s.sharedStoreRequests = m.sharedStoreRequests;
    s.sharedStoreWavefronts = m.sharedStoreWavefronts;
    s.sharedLoadIdealWavefronts = m.sharedLoadIdealWavefronts;
    s.sharedStoreIdealWavefronts = m.sharedStoreIdealWavefronts;
    s.warpInstructions = o.stats.warpInstructions;
    s.divergentBranches = o.stats.divergentBranches;
    if (o.caches) {
        s.l1HitRate = o.caches->l1HitRate();
        s.l2HitRate = o.caches->l2HitRate();
    }
    s.dramBytesRead = o.dramBytesRead;
    s.dramBytesWritten = o.dramBytesWritten;
    s.bytesRequested = m.globalLoadBytesRequested + m.globalStoreBytesRequested;
    for (const auto& line : launch.printf)
        s.printfLines.push_back(printfEntry(line));
    s.printfDropped = launch.printfDropped;
    return s;
}

RunSnapshot buildRunSnapshot(const engine::RunReport& report, const engine::DeviceProfile& profile)
{
    RunSnapshot snapshot;
    snapshot.scenarioFile = toQString(report.scenario);
    snapshot.scenarioName = toQString(report.scenarioName);
    snapshot.deviceId = toQString(profile.id);
    snapshot.deviceName = toQString(profile.name);
    snapshot.transactionUnit = profile.coalescing == engine::CoalescingGeneration::Sectored
        ? QStringLiteral("sectors")
        : QStringLiteral("transactions");
    snapshot.theoreticalBandwidthGBps = engine::theoreticalBandwidthGBps(profile.memory);
    for (const auto& [name, value] : report.params)
        snapshot.params.insert(toQString(name), value);
    for (const auto& launch : report.launches)
        snapshot.launches.push_back(buildLaunchSummary(launch));
    for (const auto& entry : report.timeline)
        snapshot.timeline.push_back(buildBar(entry));
    placeLaunchesOnTimeline(snapshot);
    snapshot.totalTimeUs = report.totalTimeUs;
    snapshot.kernelsTimed = report.kernelsTimed;
    return snapshot;
}

PrintfEntry printfEntry(const engine::simt::PrintfLine& line)
{
    return PrintfEntry { line.block, line.thread, toQString(line.text) };
}

QString errorText(const engine::Error& error)
{
    return toQString(error.toString());
}

} // namespace model
