#include "model/stepper/memory_picture_builder.h"

#include "engine/memory/global_coalescer.h"
#include "engine/memory/shared_bank_model.h"
#include "engine/simt/exec_context.h"

namespace model {

namespace {

engine::WarpAccess toWarpAccess(const engine::simt::LastAccess& last)
{
    engine::WarpAccess access;
    access.laneAddresses = last.laneAddresses;
    access.activeMask = last.activeMask;
    access.bytesPerLane = static_cast<int>(last.bytesPerLane);
    access.kind = last.op == engine::simt::MemoryOp::Store ? engine::AccessKind::Store : engine::AccessKind::Load;
    return access;
}

QString unitName(engine::TransactionUnit unit)
{
    switch (unit) {
    case engine::TransactionUnit::Segment: return QStringLiteral("segments");
    case engine::TransactionUnit::L1Line: return QStringLiteral("128-byte L1 lines");
    case engine::TransactionUnit::L2Segment: return QStringLiteral("32-byte L2 segments");
    case engine::TransactionUnit::Sector: return QStringLiteral("32-byte sectors");
    }
    return {};
}

void addGlobal(MemoryPicture& picture, const engine::WarpAccess& access, const engine::DeviceProfile& profile)
{
    const auto coalescer = engine::makeGlobalCoalescer(profile);
    engine::CoalescingResult result;
    coalescer->coalesce(access, result);
    picture.ruleName = QString::fromUtf8(coalescer->ruleName());
    picture.explanation = QString::fromStdString(coalescer->explain(access));
    picture.unitName = unitName(result.unit);
    picture.sectorCount = result.sectorCount;
    picture.efficiency = result.efficiency();
    picture.lanesPerGroup = profile.coalescing == engine::CoalescingGeneration::Cc10
            || profile.coalescing == engine::CoalescingGeneration::Cc12
        ? engine::kHalfWarpSize
        : engine::kWarpSize;
    for (const auto& t : result.view())
        picture.transactions.push_back(PictureTransaction { t.address, static_cast<int>(t.sizeBytes), t.laneMask });
}

void addShared(MemoryPicture& picture, const engine::WarpAccess& access, const engine::DeviceProfile& profile)
{
    const auto banks = engine::makeSharedBankModel(profile);
    engine::BankConflictResult result;
    banks->resolve(access, result);
    picture.bankCount = profile.sharedMemory.banks;
    picture.bankWidthBytes = profile.sharedMemory.bankWidthBytes;
    picture.lanesPerGroup = profile.sharedMemory.halfWarp ? engine::kHalfWarpSize : engine::kWarpSize;
    picture.ruleName = QStringLiteral("%1 banks of %2 bytes%3")
                           .arg(picture.bankCount)
                           .arg(picture.bankWidthBytes)
                           .arg(profile.sharedMemory.halfWarp ? QStringLiteral(", per half-warp") : QString());
    picture.explanation = QString::fromStdString(banks->explain(access));
    picture.wavefronts = result.wavefronts;
    picture.idealWavefronts = result.idealWavefronts;
    picture.conflictWays = result.conflictWays;
    picture.conflictLanes = result.conflictLanes;
    picture.broadcastLanes = result.broadcastLanes;
    for (int lane = 0; lane < engine::kWarpSize; ++lane) {
        picture.laneBank[lane] = result.laneBank[static_cast<std::size_t>(lane)];
        picture.laneWavefront[lane] = result.laneWavefront[static_cast<std::size_t>(lane)];
    }
}

MemoryPicture::Space spaceOf(engine::simt::MemorySpace space)
{
    switch (space) {
    case engine::simt::MemorySpace::Global: return MemoryPicture::Space::Global;
    case engine::simt::MemorySpace::Shared: return MemoryPicture::Space::Shared;
    case engine::simt::MemorySpace::Local: return MemoryPicture::Space::Local;
    default: return MemoryPicture::Space::Other;
    }
}

} // namespace

MemoryPicture buildMemoryPicture(const engine::simt::LastAccess& last, const engine::DeviceProfile& profile)
{
    MemoryPicture picture;
    picture.laneAddresses.fill(0, engine::kWarpSize);
    picture.laneBank.fill(0, engine::kWarpSize);
    picture.laneWavefront.fill(0, engine::kWarpSize);
    if (!last.valid)
        return picture;
    picture.space = spaceOf(last.space);
    picture.store = last.op == engine::simt::MemoryOp::Store;
    picture.pc = static_cast<int>(last.pc);
    picture.bytesPerLane = static_cast<int>(last.bytesPerLane);
    picture.activeMask = last.activeMask;
    for (int lane = 0; lane < engine::kWarpSize; ++lane)
        picture.laneAddresses[lane] = last.laneAddresses[static_cast<std::size_t>(lane)];
    const auto access = toWarpAccess(last);
    // Atomics and constant/param reads are shown by address only; the counters leave them out too.
    if (last.op == engine::simt::MemoryOp::Atomic || last.activeMask == 0 || !engine::isValidBytesPerLane(access.bytesPerLane))
        return picture;
    if (picture.space == MemoryPicture::Space::Global || picture.space == MemoryPicture::Space::Local)
        addGlobal(picture, access, profile);
    else if (picture.space == MemoryPicture::Space::Shared)
        addShared(picture, access, profile);
    return picture;
}

} // namespace model
