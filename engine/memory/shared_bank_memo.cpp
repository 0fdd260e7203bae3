#include "engine/memory/shared_bank_memo.h"

namespace engine {

bool SharedBankMemo::replay(const Entry& entry, const WarpAccess& access, BankConflictResult& result) const
{
    std::uint64_t move = 0;
    if (entry.rule.quantumBytes == 0 || !entry.access.matches(access, entry.rule.quantumBytes, move))
        return false;
    result = entry.result;
    const auto turn = static_cast<std::uint8_t>((move >> entry.rule.entryShift) & entry.rule.bankMask);
    if (turn == 0)
        return true;
    const auto& active = entry.access.laneBytes(); // inactive lanes keep bank 0, as resolve leaves them
    for (std::size_t lane = 0; lane < kWarpSize; ++lane) {
        result.laneBank[lane]
            = static_cast<std::uint8_t>((result.laneBank[lane] + turn) & entry.rule.bankMask & active[lane]);
    }
    return true;
}

void SharedBankMemo::resolve(std::size_t instruction, const WarpAccess& access, BankConflictResult& result)
{
    ++m_lookups;
    if (const Entry* known = m_entries.find(instruction); known != nullptr && replay(*known, access, result)) {
        ++m_hits;
        return;
    }
    m_model.resolve(access, result);
    Entry& entry = m_entries.at(instruction);
    entry.access.remember(access);
    entry.result = result;
    entry.rule = m_model.shiftRule(access.bytesPerLane);
}

} // namespace engine
