#include "engine/memory/global_coalescer.h"

#include "engine/memory/cc10_coalescer.h"
#include "engine/memory/cc12_coalescer.h"
#include "engine/memory/cc20_coalescer.h"
#include "engine/memory/sectored_coalescer.h"

namespace engine {

const char* toString(TransactionUnit unit)
{
    switch (unit) {
    case TransactionUnit::Segment:
        return "segment";
    case TransactionUnit::L1Line:
        return "l1_line";
    case TransactionUnit::L2Segment:
        return "l2_segment";
    case TransactionUnit::Sector:
        return "sector";
    }
    return "unknown";
}

std::unique_ptr<GlobalCoalescer> makeGlobalCoalescer(const DeviceProfile& profile)
{
    const bool l1CachesLoads = profile.caches.l1CachesGlobalLoads;
    switch (profile.coalescing) {
    case CoalescingGeneration::Cc10:
        return std::make_unique<Cc10Coalescer>();
    case CoalescingGeneration::Cc12:
        return std::make_unique<Cc12Coalescer>();
    case CoalescingGeneration::Cc20:
        return std::make_unique<Cc20Coalescer>(l1CachesLoads);
    case CoalescingGeneration::Sectored:
        break;
    }
    // best-practices-guide-current.txt §9.2.1: from CC 6.0 the unit is 32 bytes even when L1 caches loads.
    const bool l1LinesWhenCached = profile.computeCapability < ComputeCapability { 6, 0 };
    return std::make_unique<SectoredCoalescer>(l1CachesLoads, l1LinesWhenCached);
}

} // namespace engine
