#pragma once

#include "engine/simt/device_memory.h"
#include "engine/simt/execution_observer.h"

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace engine::simt {

/// One bit per byte of a page of global memory (WriteOverlay::kPageBytes bytes).
struct PageBits {
    std::array<std::uint64_t, 64> words {};
};

/// The bytes that the blocks committed so far in one batch wrote (WriteOverlay::addWrites): per page, keyed by the
/// page's address, and the lowest and highest of those addresses, outside which a block's pages need no look-up
/// (a matrix multiply's block reads a thousand pages of its inputs and writes a few of its output).
struct WrittenPages {
    std::unordered_map<std::uint64_t, PageBits> pages;
    std::uint64_t lowest = ~std::uint64_t { 0 };
    std::uint64_t highest = 0;
    std::vector<std::uint64_t> allocations; ///< the addresses of the allocations those pages are in, each once
};

/// One block's view of global memory while it runs at the same time as other blocks of its launch
/// (timing/speculative_slot.h): the launch's memory stays unchanged while the batch runs, the block's stores go
/// to its own copies of the pages they touch (copy on write), and its loads read those copies where it wrote,
/// the launch's memory elsewhere. The overlay records every byte the block read before writing it (or the whole
/// allocations it read unmarked: readWholeUnwritten) and every byte it wrote, so that blocks can be committed in
/// linear order: a block that read a byte an earlier block of its batch wrote saw a value the serial run would not
/// have given it, and must run again.
///
/// Pages are kPageBytes of one allocation, counted from its start (allocations are 256-byte aligned, so a page
/// never holds two of them); an access never crosses one unless it is wider than its alignment, which only
/// matrix rows can be: the overlay then gives up (abandoned()) and the block runs again on the memory itself.
class WriteOverlay {
public:
    static constexpr std::uint64_t kPageBytes = 64 * 64;

    /// A host pointer to the `size` bytes at `offset` of `a` (inside it) for `op`: a load reads this block's copy
    /// of the page if it has one, else the launch's memory; a store or an atomic writes this block's copy, made
    /// on the first write to the page.
    std::uint8_t* access(Allocation& a, std::uint64_t offset, std::uint32_t size, MemoryOp op);
    /// access() for each lane of `mask` in lane order, its `size` bytes at `offsets[lane]` of `a` (inside it, aligned
    /// to `size`): a page is looked up once for the lanes in a row that fall in it (a coalesced warp's access, or one
    /// row of a matrix after another). Inactive lanes get null.
    void accessLanes(Allocation& a, const std::array<std::uint64_t, 32>& offsets, std::uint32_t mask,
        std::uint32_t size, MemoryOp op, std::array<std::uint8_t*, 32>& pointers);

    /// Loads from then on read an allocation that neither `known` (addresses of allocations the launch's blocks
    /// wrote so far, which stays as it is until clear()) nor this block wrote straight from memory, without marking
    /// the bytes: the block counts as having read all of it (readsAny). A matrix product's inputs, which no block
    /// writes, cost its loads nothing more than in the serial run. Null (as after construction): every load marks
    /// its bytes.
    void readWholeUnwritten(const std::vector<std::uint64_t>* known)
    {
        m_known = known;
        m_lastWhole = nullptr;
    }
    /// Whether a load of `a` reads memory unmarked (readWholeUnwritten), noting so that the block read `a` whole.
    bool readsWhole(const Allocation& a);
    /// The addresses of the allocations this block wrote.
    const std::vector<std::uint64_t>& writtenAllocations() const { return m_wrote; }

    /// Whether the block read, before writing it itself, a byte that `written` holds (or any byte of an allocation
    /// it read whole).
    bool readsAny(const WrittenPages& written) const;
    /// Adds the bytes the block wrote to `written`; the launch's memory stays as it is (writeBack).
    void addWrites(WrittenPages& written) const;
    /// Copies the bytes the block wrote into the launch's memory (its copies of the pages stay until clear()).
    void writeBack() const;
    /// An access crossed a page: the block's results are not to be used.
    bool abandoned() const { return m_abandoned; }
    /// Forgets every page and readWholeUnwritten's list, for the next block (keeps their storage).
    void clear();

private:
    struct Page {
        Allocation* allocation = nullptr;
        std::uint64_t start = 0; ///< offset of the page in its allocation
        PageBits read; ///< bytes read before this block wrote them
        PageBits written;
        /// The block's copy of the page, made at its first write to it (copied): its stores, and where it
        /// did not write, the memory's bytes once it read the copy (complete).
        std::vector<std::uint8_t> copy;
        bool copied = false;
        bool complete = false;
    };

    Page& page(Allocation& a, std::uint64_t start);
    /// accessLanes for a whole warp whose lanes' elements follow one another inside one page (a coalesced access):
    /// the page looked up once and its bits marked as one run. False, nothing changed, for any other access.
    bool accessRow(Allocation& a, const std::array<std::uint64_t, 32>& offsets, std::uint32_t size, MemoryOp op,
        std::array<std::uint8_t*, 32>& pointers);
    /// Where an access of `op` to page `p` (of `a`, the one page() last returned) finds the page: the memory, or
    /// the block's copy, made for a write and completed for a read.
    std::uint8_t* pageBase(Page& p, Allocation& a, MemoryOp op);
    /// Copies the memory's bytes into the copy of `p` where the block did not write.
    void complete(Page& p, const Allocation& a);

    std::unordered_map<std::uint64_t, std::uint32_t> m_index; ///< page address -> index in m_pages
    std::vector<Page> m_pages; ///< the first m_used are this block's
    std::size_t m_used = 0;
    std::vector<std::uint32_t> m_copied; ///< this block's pages with a copy (those it wrote), in m_pages
    std::uint64_t m_lowest = ~std::uint64_t { 0 }; ///< the lowest and highest address of this block's pages
    std::uint64_t m_highest = 0;
    std::uint64_t m_lastKey = ~std::uint64_t { 0 };
    std::uint32_t m_last = 0;
    std::vector<std::uint8_t> m_scratch; ///< where a page-crossing store goes
    bool m_abandoned = false;
    const std::vector<std::uint64_t>* m_known = nullptr; ///< readWholeUnwritten's
    std::vector<std::uint64_t> m_readWhole; ///< allocations this block read whole (their addresses)
    std::vector<std::uint64_t> m_wrote; ///< allocations this block wrote
    const Allocation* m_lastWhole = nullptr; ///< the allocation readsWhole last said yes to
};

} // namespace engine::simt
