#include "model/occupancy/occupancy_snapshot_builder.h"

#include "engine/device/device_profile.h"
#include "engine/occupancy/occupancy_calculator.h"
#include "engine/occupancy/occupancy_curves.h"

#include <QCoreApplication>

#include <algorithm>
#include <vector>

namespace model {

namespace {

engine::OccupancyInput toEngine(const OccupancyInputs& inputs)
{
    return { inputs.threadsPerBlock, inputs.registersPerThread, inputs.sharedBytesPerBlock };
}

QString limitName(engine::OccupancyLimit limit)
{
    switch (limit) {
    case engine::OccupancyLimit::BlockSlots:
        return QCoreApplication::translate("model::OccupancySnapshot", "Blocks per SM");
    case engine::OccupancyLimit::Warps:
        return QCoreApplication::translate("model::OccupancySnapshot", "Warps per SM");
    case engine::OccupancyLimit::Registers:
        return QCoreApplication::translate("model::OccupancySnapshot", "Registers");
    case engine::OccupancyLimit::SharedMemory:
        return QCoreApplication::translate("model::OccupancySnapshot", "Shared memory");
    }
    return {};
}

OccupancySeries toSeries(const std::vector<engine::OccupancyPoint>& points, int currentX)
{
    OccupancySeries series;
    series.x.reserve(static_cast<qsizetype>(points.size()));
    series.activeWarps.reserve(series.x.capacity());
    series.occupancyPercent.reserve(series.x.capacity());
    for (const auto& point : points) {
        series.x.push_back(point.x);
        series.activeWarps.push_back(point.activeWarpsPerSm);
        series.occupancyPercent.push_back(point.occupancy * 100.0);
    }
    series.currentX = currentX;
    return series;
}

void fillDevice(const engine::DeviceProfile& profile, OccupancySnapshot& snapshot)
{
    const auto& limits = profile.limits;
    snapshot.deviceId = QString::fromStdString(profile.id);
    snapshot.deviceName = QString::fromStdString(profile.name);
    snapshot.computeCapability = QString::fromStdString(profile.computeCapability.toString());
    snapshot.warpSize = profile.warpSize;
    snapshot.maxWarpsPerSm = limits.maxWarpsPerSm;
    snapshot.threadsRange = { 1, limits.maxThreadsPerBlock, profile.warpSize };
    snapshot.registersRange = { 1, limits.maxRegistersPerThread, 1 };
    snapshot.sharedBytesRange
        = { 0, limits.maxSharedMemoryPerBlockBytes, std::max(1, profile.allocation.sharedMemoryAllocationUnitBytes) };
}

void fillResult(const engine::OccupancyResult& result, OccupancySnapshot& snapshot)
{
    snapshot.valid = true;
    snapshot.warpsPerBlock = result.warpsPerBlock;
    snapshot.blocksPerSm = result.blocksPerSm;
    snapshot.activeWarpsPerSm = result.activeWarpsPerSm;
    snapshot.activeThreadsPerSm = result.activeThreadsPerSm;
    snapshot.occupancyPercent = result.occupancy * 100.0;
    snapshot.allocatedRegistersPerBlock = result.allocatedRegistersPerBlock;
    snapshot.allocatedSharedBytesPerBlock = result.allocatedSharedBytesPerBlock;
    for (auto limit : result.limitedBy)
        snapshot.limitedBy.push_back(limitName(limit));
}

} // namespace

OccupancyInputs clampToDevice(const engine::DeviceProfile& profile, const OccupancyInputs& inputs)
{
    const auto& limits = profile.limits;
    OccupancyInputs clamped;
    clamped.threadsPerBlock = std::clamp(inputs.threadsPerBlock, 1, std::max(1, limits.maxThreadsPerBlock));
    clamped.registersPerThread = std::clamp(inputs.registersPerThread, 1, std::max(1, limits.maxRegistersPerThread));
    clamped.sharedBytesPerBlock = std::clamp(inputs.sharedBytesPerBlock, 0, limits.maxSharedMemoryPerBlockBytes);
    return clamped;
}

OccupancySnapshot buildOccupancySnapshot(const engine::DeviceProfile& profile, const OccupancyInputs& inputs)
{
    OccupancySnapshot snapshot;
    fillDevice(profile, snapshot);
    snapshot.inputs = inputs;
    const auto input = toEngine(inputs);
    const auto result = engine::calculateOccupancy(profile, input);
    if (result) {
        fillResult(*result, snapshot);
        snapshot.explanation = QString::fromStdString(engine::explainOccupancy(profile, input, *result));
    } else {
        snapshot.error = QString::fromStdString(result.error().message);
        snapshot.explanation = snapshot.error;
    }
    const auto curves = engine::occupancyCurves(profile, input);
    snapshot.byThreads = toSeries(curves.byThreadsPerBlock, inputs.threadsPerBlock);
    snapshot.byRegisters = toSeries(curves.byRegistersPerThread, inputs.registersPerThread);
    snapshot.bySharedBytes = toSeries(curves.bySharedBytesPerBlock, inputs.sharedBytesPerBlock);
    return snapshot;
}

} // namespace model
