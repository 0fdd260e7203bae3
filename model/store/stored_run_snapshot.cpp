#include "model/store/stored_run_snapshot.h"

#include "model/export/run_device.h"
#include "model/run/run_snapshot_builder.h"
#include "model/store/trace_reader.h"

#include "engine/host/stream_scheduler.h"
#include "engine/profiling/cache_counters.h"

#include <QFileInfo>

namespace model {

namespace {

double ratio(std::uint64_t part, std::uint64_t whole)
{
    return whole == 0 ? 1.0 : static_cast<double>(part) / static_cast<double>(whole);
}

TimelineOpKind opKind(engine::StreamOpKind kind)
{
    switch (kind) {
    case engine::StreamOpKind::MemcpyHtoD:
        return TimelineOpKind::MemcpyHostToDevice;
    case engine::StreamOpKind::MemcpyDtoH:
        return TimelineOpKind::MemcpyDeviceToHost;
    case engine::StreamOpKind::MemcpyDtoD:
        return TimelineOpKind::MemcpyDeviceToDevice;
    case engine::StreamOpKind::MemcpyHtoH:
        return TimelineOpKind::MemcpyHostToHost;
    case engine::StreamOpKind::Memset:
        return TimelineOpKind::Memset;
    default:
        return TimelineOpKind::Kernel;
    }
}

LaunchSummary launchSummary(const LaunchRow& row, const RunDetail& detail)
{
    const auto& s = row.summary;
    LaunchSummary out;
    out.kernel = QString::fromStdString(row.kernelName);
    out.stream = row.info.stream.value;
    out.grid = row.info.grid;
    out.block = row.info.block;
    for (const auto& kernel : detail.kernels)
        if (kernel.id == row.info.kernel) {
            out.sharedBytes = kernel.staticSharedBytes + row.info.dynamicSharedBytes;
            out.registersPerThread = static_cast<int>(kernel.registersPerThread);
            out.registersSource = QString::fromStdString(kernel.registersSource);
        }
    if (s.timeUs > 0) {
        out.timeUs = s.timeUs;
        out.effectiveBandwidthGBps = s.effectiveBandwidthGbps;
        out.achievedOccupancy = s.achievedOccupancy;
    }
    out.theoreticalOccupancy = s.theoreticalOccupancy;
    out.startUs = s.startUs;
    out.endUs = s.startUs + s.timeUs;
    out.loadRequests = s.globalLoadRequests;
    out.loadSectors = s.globalLoadSectors;
    out.loadTransactions = s.globalLoadTransactions;
    out.storeRequests = s.globalStoreRequests;
    out.storeSectors = s.globalStoreSectors;
    out.storeTransactions = s.globalStoreTransactions;
    out.loadEfficiency = ratio(s.globalLoadBytesRequested, s.globalLoadBytesMoved);
    out.storeEfficiency = ratio(s.globalStoreBytesRequested, s.globalStoreBytesMoved);
    out.sharedLoadRequests = s.sharedLoadRequests;
    out.sharedLoadWavefronts = s.sharedLoadWavefronts;
    out.sharedStoreRequests = s.sharedStoreRequests;
    out.sharedStoreWavefronts = s.sharedStoreWavefronts;
    out.sharedLoadIdealWavefronts = s.sharedLoadIdealWavefronts;
    out.sharedStoreIdealWavefronts = s.sharedStoreIdealWavefronts;
    out.warpInstructions = s.warpInstructions;
    out.bytesRequested = s.globalLoadBytesRequested + s.globalStoreBytesRequested;
    if (s.timeUs > 0) {
        const engine::CacheCounters caches { s.l1HitSectors, s.l1MissSectors, s.l2HitSectors, s.l2MissSectors };
        out.l1HitRate = caches.l1HitRate();
        out.l2HitRate = caches.l2HitRate();
        out.dramBytesRead = s.dramBytesRead;
        out.dramBytesWritten = s.dramBytesWrite;
    }
    return out;
}

} // namespace

engine::Result<RunSnapshot> loadStoredRunSnapshot(const TraceReader& reader, std::int64_t runId)
{
    auto detail = reader.runDetail(runId);
    if (!detail)
        return detail.error();
    auto device = runDevice(detail.value());
    if (!device)
        return device.error();
    auto launches = reader.launches(runId);
    if (!launches)
        return launches.error();
    auto ops = reader.streamOps(runId);
    if (!ops)
        return ops.error();

    RunSnapshot snapshot;
    snapshot.scenarioFile = QString::fromStdString(detail->run.scenarioPath);
    snapshot.scenarioName = QFileInfo(snapshot.scenarioFile).completeBaseName();
    snapshot.deviceId = QString::fromStdString(device->id);
    snapshot.deviceName = QString::fromStdString(device->name);
    snapshot.transactionUnit = device->coalescing == engine::CoalescingGeneration::Sectored ? QStringLiteral("sectors")
                                                                                          : QStringLiteral("transactions");
    snapshot.theoreticalBandwidthGBps = engine::theoreticalBandwidthGBps(device->memory);
    for (const auto& [name, value] : detail->run.parameters)
        snapshot.params.insert(QString::fromStdString(name), value);
    snapshot.kernelsTimed = !launches->empty();
    for (const auto& row : launches.value()) {
        snapshot.launches.push_back(launchSummary(row, detail.value()));
        auto lines = reader.printfLines(row.id);
        if (!lines)
            return lines.error();
        for (const auto& line : lines.value())
            snapshot.launches.back().printfLines.push_back(printfEntry(line));
        snapshot.launches.back().printfDropped = row.printfDropped;
        snapshot.kernelsTimed = snapshot.kernelsTimed && row.summary.timeUs > 0;
    }
    for (const auto& op : ops.value()) {
        if (op.kind == engine::StreamOpKind::EventRecord || op.kind == engine::StreamOpKind::EventWait)
            continue;
        TimelineBar bar;
        bar.kind = opKind(op.kind);
        // The stored operation does not name its engine; the device's copy engines decide it, as they did.
        bar.engine = static_cast<TimelineEngine>(
            engine::engineFor(static_cast<engine::DeviceOpKind>(bar.kind), device->host.asyncEngineCount));
        bar.stream = op.stream.value;
        bar.name = QString::fromStdString(op.name);
        bar.bytes = op.bytes;
        bar.startUs = op.startUs;
        bar.endUs = op.endUs;
        snapshot.timeline.push_back(bar);
    }
    snapshot.totalTimeUs = detail->run.totalTimeUs;
    snapshot.sweepPoints = static_cast<int>(detail->run.sweepPointCount);
    snapshot.sweepDevices = static_cast<int>(detail->run.sweepDeviceCount);
    snapshot.databasePath = QString::fromStdString(reader.path());
    snapshot.runId = runId;
    return snapshot;
}

} // namespace model
