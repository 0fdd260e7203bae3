// Cold path: the CC 1.2/1.3 coalescer's explanation for the warp stepper.
#include "engine/memory/cc12_coalescer.h"
#include "engine/memory/memory_text.h"

namespace engine {

namespace {

std::string describeTransaction(const GlobalTransaction& transaction, std::uint32_t segment)
{
    const std::uint64_t segmentBase = transaction.address & ~(std::uint64_t { segment } - 1);
    std::string text = lanesPhrase(transaction.laneMask) + " in the " + std::to_string(segment)
        + "-byte segment at " + formatAddress(segmentBase);
    if (transaction.sizeBytes < segment) {
        text += ", reduced to " + std::to_string(transaction.sizeBytes) + " bytes at "
            + formatAddress(transaction.address) + " (only that part is used)";
    }
    return text + " → 1 transaction of " + std::to_string(transaction.sizeBytes) + " bytes";
}

} // namespace

std::string Cc12Coalescer::explain(const WarpAccess& access) const
{
    CoalescingResult result;
    coalesce(access, result);
    const std::uint32_t segment = segmentBytes(access.bytesPerLane);
    std::string text = std::string(ruleName()) + " (opencl-programming-guide-2.3.txt §3.1.2.1), "
        + std::to_string(access.bytesPerLane) + "-byte words, segments of " + std::to_string(segment) + " bytes:";
    for (int halfWarp = 0; halfWarp < 2; ++halfWarp) {
        const std::string prefix = "\nhalf-warp " + std::to_string(halfWarp) + ": ";
        if ((access.activeMask & halfWarpLanes(halfWarp)) == 0)
            text += prefix + "no active lane";
        for (const GlobalTransaction& transaction : result.view()) {
            if ((transaction.laneMask & halfWarpLanes(halfWarp)) != 0)
                text += prefix + describeTransaction(transaction, segment);
        }
    }
    text += '\n';
    return text + std::to_string(result.bytesMoved) + " bytes moved for " + std::to_string(result.bytesRequested)
        + " requested (" + formatPercent(result.efficiency()) + ")";
}

} // namespace engine
