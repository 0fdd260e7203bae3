#include "engine/memory/shared_bank_memo.h"

namespace engine {

bool SharedBankMemo::replay(const Entry& entry, const WarpAccess& access, BankConflictResult& result) const
{
    const std::uint32_t mask = access.activeMask;
    if (entry.rule.quantumBytes == 0 || mask == 0 || entry.access.activeMask != mask
        || entry.access.bytesPerLane != access.bytesPerLane || entry.access.kind != access.kind)
        return false;
    const auto first = static_cast<std::size_t>(lowestLane(mask));
    const std::uint64_t move = access.laneAddresses[first] - entry.access.laneAddresses[first];
    if ((move & (entry.rule.quantumBytes - 1)) != 0)
        return false;
    // Every active lane moved by `move`: masks per lane instead of a branch or a shift, so the loops vectorize.
    std::uint64_t differ = 0;
    for (std::size_t lane = 0; lane < kWarpSize; ++lane)
        differ |= (access.laneAddresses[lane] - entry.access.laneAddresses[lane] - move) & entry.laneWords[lane];
    if (differ != 0)
        return false;
    result = entry.result;
    const auto turn = static_cast<std::uint8_t>((move >> entry.rule.entryShift) & entry.rule.bankMask);
    if (turn == 0)
        return true;
    // Inactive lanes keep bank 0, as resolve leaves them.
    for (std::size_t lane = 0; lane < kWarpSize; ++lane) {
        result.laneBank[lane] = static_cast<std::uint8_t>(
            (result.laneBank[lane] + turn) & entry.rule.bankMask & entry.laneBytes[lane]);
    }
    return true;
}

void SharedBankMemo::resolve(std::size_t instruction, const WarpAccess& access, BankConflictResult& result)
{
    ++m_lookups;
    if (instruction >= m_slot.size())
        m_slot.resize(instruction + 1, 0);
    std::uint32_t& slot = m_slot[instruction];
    if (slot != 0 && replay(m_entries[slot - 1], access, result)) {
        ++m_hits;
        return;
    }
    m_model.resolve(access, result);
    if (slot == 0) {
        m_entries.emplace_back();
        slot = static_cast<std::uint32_t>(m_entries.size());
    }
    Entry& entry = m_entries[slot - 1];
    entry.access = access;
    entry.result = result;
    entry.rule = m_model.shiftRule(access.bytesPerLane);
    for (std::size_t lane = 0; lane < kWarpSize; ++lane) {
        const bool active = ((access.activeMask >> lane) & 1u) != 0;
        entry.laneWords[lane] = active ? ~std::uint64_t { 0 } : 0;
        entry.laneBytes[lane] = active ? 0xff : 0;
    }
}

} // namespace engine
