#pragma once

#include "engine/timing/cache_line.h"
#include "engine/timing/line_index.h"

#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace engine::timing {

/// What a share of the partitioned L2 pass (l2_pass.h) keeps per line it sent fills to in a window, by the line's
/// record: entries in a list found by open addressing (LineIndex), emptied from window to window without freeing
/// anything. A hash map of nodes allocated one per line and freed at each window's end cost the 16 M copy a malloc
/// and a free per request of its pass (bench/README.md, "Seventeenth round"). An entry dropped because its line took
/// a new tag stays in the list, dead, until the line is sent a fill again.
template <typename Fill>
class PendingFills {
public:
    void clear()
    {
        m_index.clear(m_entries, keyOf);
        m_entries.clear();
    }
    /// The fill `line` waits for, or null.
    Fill* find(const CacheLine* line)
    {
        const std::uint32_t i = indexOf(line);
        return i != kNone && m_entries[i].live ? &m_entries[i].fill : nullptr;
    }
    /// `line` took a new tag: the fills sent to the old one are none of its business.
    void drop(const CacheLine* line)
    {
        const std::uint32_t i = indexOf(line);
        if (i != kNone)
            m_entries[i].live = false;
    }
    /// `line`'s entry, made anew (from `made`) when it had none or a dropped one; true when so. Valid until the next
    /// call of emplace.
    std::pair<Fill*, bool> emplace(CacheLine* line, const Fill& made)
    {
        const std::uint32_t i = indexOf(line);
        if (i == kNone) {
            m_entries.push_back(Entry { line, made, true });
            m_index.catchUp(m_entries, keyOf);
            return { &m_entries.back().fill, true };
        }
        Entry& entry = m_entries[i];
        if (entry.live)
            return { &entry.fill, false };
        entry = Entry { line, made, true };
        return { &entry.fill, true };
    }
    /// f(line, fill) for every entry not dropped, in the order the lines were first sent a fill.
    template <typename F>
    void forEach(F&& f)
    {
        for (Entry& entry : m_entries) {
            if (entry.live)
                f(*entry.line, entry.fill);
        }
    }

private:
    struct Entry {
        CacheLine* line = nullptr;
        Fill fill;
        bool live = false;
    };
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    static std::uint64_t keyOf(const Entry& entry) { return reinterpret_cast<std::uintptr_t>(entry.line); }
    std::uint32_t indexOf(const CacheLine* line) const
    {
        if (m_entries.empty())
            return kNone;
        return m_index.find(reinterpret_cast<std::uintptr_t>(line), m_entries, keyOf, kNone);
    }

    std::vector<Entry> m_entries;
    LineIndex m_index;
};

} // namespace engine::timing
