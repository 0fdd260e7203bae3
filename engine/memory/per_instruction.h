#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace engine {

/// An entry per static instruction, made the first time it is asked for: a 4-byte slot per instruction index and
/// entries only for the instructions that have one (the memos of moved accesses, shared_bank_memo.h and
/// timing/global_access_memo.h). Entries may move when another is made.
template <typename Entry> class PerInstruction {
public:
    /// The entry of `instruction`, or null when it has none yet.
    Entry* find(std::size_t instruction)
    {
        return instruction < m_slot.size() && m_slot[instruction] != 0 ? &m_entries[m_slot[instruction] - 1] : nullptr;
    }

    /// The entry of `instruction`, made (value-initialized) when it has none yet.
    Entry& at(std::size_t instruction)
    {
        if (instruction >= m_slot.size())
            m_slot.resize(instruction + 1, 0);
        std::uint32_t& slot = m_slot[instruction];
        if (slot == 0) {
            m_entries.emplace_back();
            slot = static_cast<std::uint32_t>(m_entries.size());
        }
        return m_entries[slot - 1];
    }

private:
    std::vector<std::uint32_t> m_slot; ///< per instruction: 1 + its entry's index, 0 for none yet
    std::vector<Entry> m_entries;
};

} // namespace engine
