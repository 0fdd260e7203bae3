// Cold path: the CC 1.0/1.1 coalescer's explanation for the warp stepper.
#include "engine/memory/cc10_coalescer.h"
#include "engine/memory/memory_text.h"

namespace engine {

namespace {

std::string halfWarpReason(const WarpAccess& access, int halfWarp, const HalfWarpCheck& check)
{
    const int wordBytes = access.bytesPerLane;
    const int position = check.lane - halfWarp * kHalfWarpSize;
    switch (check.verdict) {
    case HalfWarpVerdict::Coalesced:
        return lanesPhrase(access.activeMask & halfWarpLanes(halfWarp)) + " access the k-th "
            + std::to_string(wordBytes) + "-byte word from " + formatAddress(check.baseAddress) + ", aligned to "
            + std::to_string(16 * wordBytes) + " bytes";
    case HalfWarpVerdict::WordSize:
        return std::to_string(wordBytes) + "-byte words cannot coalesce (only 4, 8 or 16 bytes do)";
    case HalfWarpVerdict::OutOfSequence:
        return "lane " + std::to_string(check.lane) + " accesses word " + std::to_string(check.wordIndex)
            + ", not word " + std::to_string(position);
    case HalfWarpVerdict::Misaligned:
        return "its words start at " + formatAddress(check.baseAddress) + ", not aligned to "
            + std::to_string(16 * wordBytes) + " bytes";
    case HalfWarpVerdict::NoActiveLane:
        break;
    }
    return "no active lane";
}

std::string halfWarpCost(const WarpAccess& access, int halfWarp, const HalfWarpCheck& check)
{
    if (check.verdict == HalfWarpVerdict::Coalesced) {
        const int count = access.bytesPerLane == 16 ? 2 : 1;
        const int size = access.bytesPerLane == 4 ? 64 : 128;
        return countOf(count, "transaction", "transactions") + " of " + std::to_string(size) + " bytes";
    }
    const int lanes = laneCount(access.activeMask & halfWarpLanes(halfWarp));
    return countOf(lanes, "transaction", "transactions") + " of "
        + std::to_string(Cc10Coalescer::kPerThreadTransactionBytes) + " bytes, one per active lane";
}

} // namespace

std::string Cc10Coalescer::explain(const WarpAccess& access) const
{
    std::string text = std::string(ruleName()) + " (opencl-programming-guide-2.3.txt §3.1.2.1), "
        + std::to_string(access.bytesPerLane) + "-byte words:";
    for (int halfWarp = 0; halfWarp < 2; ++halfWarp) {
        const HalfWarpCheck check = checkCc10HalfWarp(access, halfWarp);
        text += "\nhalf-warp " + std::to_string(halfWarp) + ": " + halfWarpReason(access, halfWarp, check);
        if (check.verdict != HalfWarpVerdict::NoActiveLane)
            text += " → " + halfWarpCost(access, halfWarp, check);
    }
    return text;
}

} // namespace engine
