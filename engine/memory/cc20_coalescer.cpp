#include "engine/memory/cc20_coalescer.h"

#include "engine/memory/touched_blocks.h"

namespace engine {

bool Cc20Coalescer::usesL1(const WarpAccess& access) const
{
    if (access.kind == AccessKind::Store)
        return false;
    switch (access.l1Policy) {
    case L1Policy::CacheInL1:
        return true;
    case L1Policy::L2Only:
        return false;
    case L1Policy::DeviceDefault:
        break;
    }
    return m_l1CachesGlobalLoads;
}

int Cc20Coalescer::lanesPerRequest(int bytesPerLane)
{
    if (bytesPerLane == 16)
        return 8;
    return bytesPerLane == 8 ? 16 : kWarpSize;
}

void Cc20Coalescer::coalesce(const WarpAccess& access, CoalescingResult& result) const
{
    TouchedBlocks sectors;
    collectTouchedBlocks(access, access.activeMask, 32, sectors);
    coalesceSectors(access, sectors, result);
}

void Cc20Coalescer::coalesceSectors(const WarpAccess& access, const TouchedBlocks& sectors, CoalescingResult& result) const
{
    const bool l1 = usesL1(access);
    const std::uint32_t blockBytes = l1 ? kL1LineBytes : kL2SegmentBytes;
    result.reset(l1 ? TransactionUnit::L1Line : TransactionUnit::L2Segment);
    const int lanes = lanesPerRequest(access.bytesPerLane);
    TouchedBlocks blocks;
    for (int first = 0; first < kWarpSize; first += lanes) {
        const std::uint32_t requestLanes = access.activeMask & laneRange(first, lanes);
        if (requestLanes == 0)
            continue;
        collectTouchedBlocks(access, requestLanes, blockBytes, blocks);
        addBlockTransactions(blocks, blockBytes, result);
    }
    countRequestedFootprint(access, sectors, result);
}

} // namespace engine
