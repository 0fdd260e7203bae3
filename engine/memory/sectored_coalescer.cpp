#include "engine/memory/sectored_coalescer.h"

#include "engine/memory/touched_blocks.h"

namespace engine {

bool SectoredCoalescer::countsLines(const WarpAccess& access) const
{
    if (!m_l1LinesWhenCached || access.kind == AccessKind::Store)
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

void SectoredCoalescer::coalesce(const WarpAccess& access, CoalescingResult& result) const
{
    TouchedBlocks sectors;
    collectTouchedBlocks(access, access.activeMask, kSectorBytes, sectors);
    coalesceSectors(access, sectors, result);
}

void SectoredCoalescer::coalesceSectors(const WarpAccess& access, const TouchedBlocks& sectors,
    CoalescingResult& result) const
{
    const bool lines = countsLines(access);
    result.reset(lines ? TransactionUnit::L1Line : TransactionUnit::Sector);
    countRequestedFootprint(access, sectors, result);
    if (!lines) {
        addBlockTransactions(sectors, kSectorBytes, result);
        return;
    }
    TouchedBlocks lineBlocks;
    parentBlocks(sectors, 2, lineBlocks); // four sectors per line
    addBlockTransactions(lineBlocks, kLineBytes, result);
}

} // namespace engine
