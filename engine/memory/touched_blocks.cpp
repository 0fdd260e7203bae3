#include "engine/memory/touched_blocks.h"

#include <bit>

namespace engine {

void collectTouchedBlocks(const WarpAccess& access, std::uint32_t lanes, std::uint32_t blockBytes, TouchedBlocks& out)
{
    out.count = 0;
    const auto shift = static_cast<unsigned>(std::countr_zero(blockBytes));
    const auto lastByte = static_cast<std::uint64_t>(access.bytesPerLane > 0 ? access.bytesPerLane - 1 : 0);
    for (std::uint32_t pending = lanes; pending != 0; pending &= pending - 1) {
        const int lane = lowestLane(pending);
        const std::uint64_t address = access.laneAddresses[static_cast<std::size_t>(lane)];
        const std::uint64_t first = address >> shift;
        const std::uint64_t last = (address + lastByte) >> shift;
        for (std::uint64_t block = first; block <= last; ++block)
            addTouchedBlock(out, block, laneBit(lane));
    }
}

int countParentBlocks(const TouchedBlocks& blocks, unsigned shift)
{
    int parents = 0;
    for (int i = 0; i < blocks.count; ++i) {
        const auto index = static_cast<std::size_t>(i);
        if (i == 0 || (blocks.blockIndex[index] >> shift) != (blocks.blockIndex[index - 1] >> shift))
            ++parents;
    }
    return parents;
}

void parentBlocks(const TouchedBlocks& blocks, unsigned shift, TouchedBlocks& out)
{
    out.count = 0;
    for (int i = 0; i < blocks.count; ++i) {
        const auto index = static_cast<std::size_t>(i);
        addTouchedBlock(out, blocks.blockIndex[index] >> shift, blocks.laneMask[index]);
    }
}

void countRequestedFootprint(const WarpAccess& access, CoalescingResult& result)
{
    TouchedBlocks sectors;
    collectTouchedBlocks(access, access.activeMask, 32, sectors);
    countRequestedFootprint(access, sectors, result);
}

void countRequestedFootprint(const WarpAccess& access, const TouchedBlocks& sectors, CoalescingResult& result)
{
    const int lanes = laneCount(access.activeMask);
    result.requestCount = lanes > 0 ? 1 : 0;
    result.bytesRequested = static_cast<std::uint64_t>(lanes) * static_cast<std::uint64_t>(access.bytesPerLane);
    result.sectorCount = sectors.count;
    result.lineCount = countParentBlocks(sectors, 2); // four 32-byte sectors per 128-byte line
}

void addBlockTransactions(const TouchedBlocks& blocks, std::uint32_t blockBytes, CoalescingResult& result)
{
    for (int i = 0; i < blocks.count; ++i) {
        const auto index = static_cast<std::size_t>(i);
        result.add(blocks.blockIndex[index] * blockBytes, blockBytes, blocks.laneMask[index]);
    }
}

} // namespace engine
