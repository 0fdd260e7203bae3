#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace engine::timing {

/// Where each of an append-only list of distinct 64-bit keys sits in it, found by open addressing: the pending L1
/// lines of an SM's window (WindowRequests::findLine), which a load looks up for every transaction — a search of the
/// list was quadratic in a window's lines (PolyBench gesummv: 12 % of its run). Positions are added as the list
/// grows (`catchUp`); `clear` empties it in time proportional to what was added, or to the table when that is less.
class LineIndex {
public:
    /// Adds the list's entries not indexed yet at their positions, growing the table to stay at most half full.
    template <typename KeyOf, typename List>
    void catchUp(const List& list, KeyOf keyOf)
    {
        if (2 * list.size() > m_slots.size()) {
            std::size_t size = 64;
            while (size < 4 * list.size())
                size *= 2;
            m_slots.assign(size, 0);
            m_indexed = 0;
        }
        for (; m_indexed < list.size(); ++m_indexed)
            insert(keyOf(list[m_indexed]), static_cast<std::uint32_t>(m_indexed));
    }
    /// The position of `key` among those added, or `none`.
    template <typename KeyOf, typename List>
    std::uint32_t find(std::uint64_t key, const List& list, KeyOf keyOf, std::uint32_t none) const
    {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = home(key, mask);; i = (i + 1) & mask) {
            const std::uint32_t slot = m_slots[i];
            if (slot == 0)
                return none;
            if (keyOf(list[slot - 1]) == key)
                return slot - 1;
        }
    }
    /// Forgets every position; `list` is the list as it was indexed. A table grown for a window of thousands of lines
    /// keeps its size, so when few entries were indexed each has its slot emptied, the rest of the table untouched:
    /// a window of a few lines after a large one costs what its lines do, not a sweep of the whole table.
    template <typename KeyOf, typename List>
    void clear(const List& list, KeyOf keyOf)
    {
        if (m_indexed == 0)
            return;
        if (m_indexed * kSweepShare >= m_slots.size()) {
            std::fill(m_slots.begin(), m_slots.end(), 0u);
        } else {
            const std::size_t mask = m_slots.size() - 1;
            for (std::size_t e = 0; e < m_indexed; ++e) {
                std::size_t i = home(keyOf(list[e]), mask);
                while (m_slots[i] != e + 1) // past slots already emptied: entry e is there
                    i = (i + 1) & mask;
                m_slots[i] = 0;
            }
        }
        m_indexed = 0;
    }

private:
    /// A table this many times the entries indexed or larger is emptied entry by entry.
    static constexpr std::size_t kSweepShare = 16;

    static std::size_t home(std::uint64_t key, std::size_t mask)
    {
        return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ull) >> 32) & mask;
    }
    void insert(std::uint64_t key, std::uint32_t position)
    {
        const std::size_t mask = m_slots.size() - 1;
        std::size_t i = home(key, mask);
        while (m_slots[i] != 0)
            i = (i + 1) & mask;
        m_slots[i] = position + 1;
    }

    std::vector<std::uint32_t> m_slots; ///< position + 1, 0 for an empty slot; a power of two long
    std::size_t m_indexed = 0;
};

} // namespace engine::timing
