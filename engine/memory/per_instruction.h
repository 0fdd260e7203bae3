#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace engine {

/// An entry per static instruction, made the first time it is asked for: a pointer per instruction index and
/// entries only for the instructions that have one (the memos of moved accesses, shared_bank_memo.h and
/// timing/global_access_memo.h). Entries are made in chunks and never move: a launch's recorder makes its memos
/// anew, and moving every entry made so far at each doubling (about a kilobyte each) cost more than the lookups of
/// a short launch (bench/README.md, "Eighteenth round").
template <typename Entry> class PerInstruction {
public:
    /// The entry of `instruction`, or null when it has none yet.
    Entry* find(std::size_t instruction) { return instruction < m_slot.size() ? m_slot[instruction] : nullptr; }

    /// The entry of `instruction`, made (value-initialized) when it has none yet.
    Entry& at(std::size_t instruction)
    {
        if (instruction >= m_slot.size())
            m_slot.resize(instruction + 1, nullptr);
        Entry*& slot = m_slot[instruction];
        if (slot == nullptr) {
            if (m_used == kChunk || m_chunks.empty()) {
                m_chunks.push_back(std::make_unique<Entry[]>(kChunk));
                m_used = 0;
            }
            slot = &m_chunks.back()[m_used++];
        }
        return *slot;
    }

    /// Entries that one chunk holds.
    static constexpr std::size_t kChunk = 8;

private:
    std::vector<Entry*> m_slot; ///< per instruction: its entry, null for none yet
    std::vector<std::unique_ptr<Entry[]>> m_chunks;
    std::size_t m_used = 0; ///< entries taken from the last chunk
};

} // namespace engine
