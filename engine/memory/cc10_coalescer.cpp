#include "engine/memory/cc10_coalescer.h"

#include "engine/memory/memory_text.h"
#include "engine/memory/touched_blocks.h"

namespace engine {

namespace {

std::uint64_t laneAddress(const WarpAccess& access, int lane)
{
    return access.laneAddresses[static_cast<std::size_t>(lane)];
}

/// Transaction size for a coalesced half-warp: 64 bytes for 4-byte words, else 128 (§3.1.2.1 condition 1).
std::uint32_t transactionBytes(int bytesPerLane) { return bytesPerLane == 4 ? 64u : 128u; }

/// The segment all 16 words must lie in: the transaction size, twice it for 16-byte words (condition 2).
std::uint64_t segmentBytes(int bytesPerLane) { return 16u * static_cast<std::uint64_t>(bytesPerLane); }

void addCoalesced(const WarpAccess& access, int halfWarp, std::uint64_t base, CoalescingResult& result)
{
    const std::uint32_t lanes = access.activeMask & halfWarpLanes(halfWarp);
    const std::uint32_t size = transactionBytes(access.bytesPerLane);
    if (access.bytesPerLane != 16) {
        result.add(base, size, lanes);
        return;
    }
    // 16-byte words: "two 128-byte memory transactions", lanes 0-7 and 8-15 of the half-warp.
    const int first = halfWarp * kHalfWarpSize;
    result.add(base, size, lanes & laneRange(first, 8));
    result.add(base + size, size, lanes & laneRange(first + 8, 8));
}

void addPerThread(const WarpAccess& access, int halfWarp, CoalescingResult& result)
{
    constexpr std::uint64_t size = Cc10Coalescer::kPerThreadTransactionBytes;
    for (std::uint32_t pending = access.activeMask & halfWarpLanes(halfWarp); pending != 0; pending &= pending - 1) {
        const int lane = lowestLane(pending);
        result.add(laneAddress(access, lane) & ~(size - 1), static_cast<std::uint32_t>(size), laneBit(lane));
    }
}

} // namespace

HalfWarpCheck checkCc10HalfWarp(const WarpAccess& access, int halfWarp)
{
    HalfWarpCheck check;
    const std::uint32_t lanes = access.activeMask & halfWarpLanes(halfWarp);
    if (lanes == 0)
        return check;
    const int first = lowestLane(lanes);
    const auto wordBytes = static_cast<std::uint64_t>(access.bytesPerLane);
    const auto position = [halfWarp](int lane) { return static_cast<std::uint64_t>(lane - halfWarp * kHalfWarpSize); };
    check.lane = first;
    check.baseAddress = laneAddress(access, first) - position(first) * wordBytes;
    if (access.bytesPerLane != 4 && access.bytesPerLane != 8 && access.bytesPerLane != 16) {
        check.verdict = HalfWarpVerdict::WordSize;
        return check;
    }
    for (std::uint32_t pending = lanes & (lanes - 1); pending != 0; pending &= pending - 1) {
        const int lane = lowestLane(pending);
        if (laneAddress(access, lane) != check.baseAddress + position(lane) * wordBytes) {
            check.verdict = HalfWarpVerdict::OutOfSequence;
            check.lane = lane;
            check.wordIndex = static_cast<std::int64_t>(laneAddress(access, lane) - check.baseAddress)
                / static_cast<std::int64_t>(wordBytes);
            return check;
        }
    }
    check.verdict = check.baseAddress % segmentBytes(access.bytesPerLane) == 0 ? HalfWarpVerdict::Coalesced
                                                                               : HalfWarpVerdict::Misaligned;
    return check;
}

void Cc10Coalescer::coalesce(const WarpAccess& access, CoalescingResult& result) const
{
    result.reset(TransactionUnit::Segment);
    for (int halfWarp = 0; halfWarp < 2; ++halfWarp) {
        const HalfWarpCheck check = checkCc10HalfWarp(access, halfWarp);
        if (check.verdict == HalfWarpVerdict::Coalesced)
            addCoalesced(access, halfWarp, check.baseAddress, result);
        else if (check.verdict != HalfWarpVerdict::NoActiveLane)
            addPerThread(access, halfWarp, result);
    }
    countRequestedFootprint(access, result);
}

} // namespace engine
