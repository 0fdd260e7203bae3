// Cold path: the sectored coalescer's explanation for the warp stepper.
#include "engine/memory/memory_text.h"
#include "engine/memory/sectored_coalescer.h"

namespace engine {

std::string SectoredCoalescer::explain(const WarpAccess& access) const
{
    CoalescingResult result;
    coalesce(access, result);
    std::string text = std::string(ruleName()) + " (best-practices-guide-current.txt §9.2.1): ";
    text += countsLines(access) ? "this load is cached in L1 on a CC 3.5/3.7/5.2-class device, so it counts "
                                  "128-byte aligned segments."
                                : "every 32-byte sector the lanes touch is one transaction.";
    text += '\n';
    text += formatLanes(access.activeMask) + " (" + std::to_string(access.bytesPerLane) + " bytes each) → "
        + countOf(result.transactionCount, "transaction", "transactions") + ":" + listTransactions(result);
    text += '\n';
    return text + summarizeTraffic(result);
}

} // namespace engine
