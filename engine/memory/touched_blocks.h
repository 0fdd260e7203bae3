#pragma once

#include "engine/memory/coalescing_result.h"
#include "engine/memory/warp_access.h"

#include <array>
#include <cstdint>

namespace engine {

/// The distinct aligned blocks (sectors, lines, segments) that some lanes' bytes fall in, in address
/// order, each with the lanes that touch it. Fixed capacity, no heap: built for the hot path.
struct TouchedBlocks {
    static constexpr int kMaxBlocks = 64;

    std::array<std::uint64_t, kMaxBlocks> blockIndex; ///< address / blockBytes, ascending
    std::array<std::uint32_t, kMaxBlocks> laneMask;
    int count = 0;
};

/// Adds `lane` to block `block`, inserting it in order when new (dropped when the list is full). Inline: the
/// bank and coalescing rules call it for every lane of every access.
inline void addTouchedBlock(TouchedBlocks& out, std::uint64_t block, std::uint32_t lane)
{
    int at = out.count;
    while (at > 0 && out.blockIndex[static_cast<std::size_t>(at - 1)] > block)
        --at;
    if (at > 0 && out.blockIndex[static_cast<std::size_t>(at - 1)] == block) {
        out.laneMask[static_cast<std::size_t>(at - 1)] |= lane;
        return;
    }
    if (out.count == TouchedBlocks::kMaxBlocks)
        return; // unreachable for naturally aligned lanes of at most 16 bytes
    for (int i = out.count; i > at; --i) {
        out.blockIndex[static_cast<std::size_t>(i)] = out.blockIndex[static_cast<std::size_t>(i - 1)];
        out.laneMask[static_cast<std::size_t>(i)] = out.laneMask[static_cast<std::size_t>(i - 1)];
    }
    out.blockIndex[static_cast<std::size_t>(at)] = block;
    out.laneMask[static_cast<std::size_t>(at)] = lane;
    ++out.count;
}

/// Collects the blocks of `blockBytes` (a power of two) touched by bytes [address, address + bytesPerLane)
/// of each lane in `lanes`. Insertion into a sorted list, linear for the usual ascending addresses.
void collectTouchedBlocks(const WarpAccess& access, std::uint32_t lanes, std::uint32_t blockBytes, TouchedBlocks& out);

/// Number of distinct parents when each block is grouped with its neighbours into blocks 2^shift times larger.
int countParentBlocks(const TouchedBlocks& blocks, unsigned shift);
/// Those parents, each with the lanes of its blocks: what collectTouchedBlocks gives for the larger blocks.
void parentBlocks(const TouchedBlocks& blocks, unsigned shift, TouchedBlocks& out);

/// Fills the generation-independent part of a result: requestCount, bytesRequested, and the 32-byte
/// sectors and 128-byte lines holding requested bytes.
void countRequestedFootprint(const WarpAccess& access, CoalescingResult& result);
/// The same, given the access's touched 32-byte sectors.
void countRequestedFootprint(const WarpAccess& access, const TouchedBlocks& sectors, CoalescingResult& result);

/// Turns touched blocks into transactions of blockBytes each.
void addBlockTransactions(const TouchedBlocks& blocks, std::uint32_t blockBytes, CoalescingResult& result);

} // namespace engine
