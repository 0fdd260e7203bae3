// Cold path: the CC 2.x coalescer's explanation for the warp stepper.
#include "engine/memory/cc20_coalescer.h"
#include "engine/memory/memory_text.h"

namespace engine {

namespace {

std::string whyThisUnit(const WarpAccess& access, bool l1)
{
    if (access.kind == AccessKind::Store)
        return "stores are not cached in L1 on CC 2.x, so they count 32-byte L2 segments";
    if (access.l1Policy == L1Policy::CacheInL1)
        return "the load is cached in L1 (ld.ca), so it counts 128-byte L1 lines";
    if (access.l1Policy == L1Policy::L2Only)
        return "the load is cached in L2 only (ld.cg, -dlcm=cg), so it counts 32-byte L2 segments";
    return l1 ? "loads are cached in L1 by default, so it counts 128-byte L1 lines"
              : "this device caches loads in L2 only, so it counts 32-byte L2 segments";
}

} // namespace

std::string Cc20Coalescer::explain(const WarpAccess& access) const
{
    CoalescingResult result;
    coalesce(access, result);
    const bool l1 = usesL1(access);
    std::string text = std::string(ruleName()) + " (best-practices-guide-v8.0.txt §9.2.1): "
        + whyThisUnit(access, l1) + ".";
    const int lanes = lanesPerRequest(access.bytesPerLane);
    if (lanes < kWarpSize) {
        text += '\n';
        text += std::to_string(access.bytesPerLane) + "-byte words: the warp is split into requests of "
            + std::to_string(lanes) + " lanes, each served separately.";
    }
    text += '\n';
    text += formatLanes(access.activeMask) + " → " + countOf(result.transactionCount, "transaction", "transactions")
        + ":" + listTransactions(result);
    text += '\n';
    return text + summarizeTraffic(result);
}

} // namespace engine
