#include "engine/memory/cc12_coalescer.h"

#include "engine/memory/touched_blocks.h"

#include <algorithm>

namespace engine {

namespace {

/// Lanes of `pending` whose address lies in [segmentBase, segmentBase + segmentBytes) (step 2), with
/// the lowest first byte and one past the highest last byte they touch.
struct SegmentGroup {
    std::uint32_t lanes = 0;
    std::uint64_t lowByte = 0;
    std::uint64_t endByte = 0;
};

SegmentGroup groupInSegment(const WarpAccess& access, std::uint32_t pending, std::uint64_t base, std::uint64_t size)
{
    SegmentGroup group { 0, base + size, base };
    const auto wordBytes = static_cast<std::uint64_t>(access.bytesPerLane);
    for (; pending != 0; pending &= pending - 1) {
        const int lane = lowestLane(pending);
        const std::uint64_t address = access.laneAddresses[static_cast<std::size_t>(lane)];
        if (address < base || address - base >= size)
            continue;
        group.lanes |= laneBit(lane);
        group.lowByte = std::min(group.lowByte, address);
        group.endByte = std::max(group.endByte, address + wordBytes);
    }
    return group;
}

/// Step 3: halve the transaction while the used bytes fit in its lower or upper half, down to 32 bytes.
void reduce(const SegmentGroup& group, std::uint64_t& base, std::uint64_t& size)
{
    while (size > 32) {
        const std::uint64_t half = size / 2;
        if (group.endByte <= base + half) {
            size = half;
        } else if (group.lowByte >= base + half) {
            base += half;
            size = half;
        } else {
            return;
        }
    }
}

void coalesceHalfWarp(const WarpAccess& access, int halfWarp, CoalescingResult& result)
{
    const std::uint64_t segment = Cc12Coalescer::segmentBytes(access.bytesPerLane);
    std::uint32_t pending = access.activeMask & halfWarpLanes(halfWarp);
    while (pending != 0) {
        const std::uint64_t first = access.laneAddresses[static_cast<std::size_t>(lowestLane(pending))];
        std::uint64_t base = first & ~(segment - 1);
        std::uint64_t size = segment;
        const SegmentGroup group = groupInSegment(access, pending, base, size);
        reduce(group, base, size);
        result.add(base, static_cast<std::uint32_t>(size), group.lanes);
        pending &= ~group.lanes; // step 4: mark the serviced threads
    }
}

} // namespace

std::uint32_t Cc12Coalescer::segmentBytes(int bytesPerLane)
{
    switch (bytesPerLane) {
    case 1:
        return 32;
    case 2:
        return 64;
    default:
        return 128;
    }
}

void Cc12Coalescer::coalesce(const WarpAccess& access, CoalescingResult& result) const
{
    result.reset(TransactionUnit::Segment);
    coalesceHalfWarp(access, 0, result);
    coalesceHalfWarp(access, 1, result);
    countRequestedFootprint(access, result);
}

} // namespace engine
