#include "engine/timing/global_access_memo.h"

#include <algorithm>
#include <bit>

namespace engine::timing {

GlobalAccessMemo::GlobalAccessMemo(std::uint64_t lineBytes)
    : m_quantum(std::has_single_bit(lineBytes) ? lineBytes : 0)
{
}

GlobalAccessMemo::Entry* GlobalAccessMemo::find(
    std::size_t instruction, const WarpAccess& access, std::uint8_t kind, bool bytesMatter, std::uint64_t& move)
{
    Entry* found = m_entries.find(instruction);
    if (found == nullptr)
        return nullptr;
    Entry& entry = *found;
    if (entry.kind != kind || !entry.access.matches(access, 1, move))
        return nullptr;
    if (m_quantum == 0)
        return move == 0 ? &entry : nullptr;
    if ((move & (m_quantum - 1)) == 0)
        return &entry;
    // The same sectors, moved, when the sectors of every lane's first and last byte moved by one number of
    // whole lines.
    std::uint64_t sectors = 0;
    if (bytesMatter || !entry.access.blocksMoveTogether(access, 5, sectors) || ((sectors * 32) & (m_quantum - 1)) != 0)
        return nullptr;
    move = sectors * 32;
    return &entry;
}

GlobalAccessMemo::Entry& GlobalAccessMemo::remember(
    std::size_t instruction, const WarpAccess& access, std::uint8_t kind, const TouchedBlocks& sectors)
{
    Entry& entry = m_entries.at(instruction);
    entry.access.remember(access);
    entry.kind = kind;
    entry.sectors.count = sectors.count;
    std::copy_n(sectors.blockIndex.begin(), sectors.count, entry.sectors.blockIndex.begin());
    std::copy_n(sectors.laneMask.begin(), sectors.count, entry.sectors.laneMask.begin());
    entry.txns.clear();
    entry.hasTxns = false;
    return entry;
}

void GlobalAccessMemo::moveSectors(const Entry& entry, std::uint64_t move, TouchedBlocks& out)
{
    const std::uint64_t blocks = move / 32; // whole lines: a whole number of 32-byte sectors
    out.count = entry.sectors.count;
    for (int i = 0; i < entry.sectors.count; ++i) {
        const auto index = static_cast<std::size_t>(i);
        out.blockIndex[index] = entry.sectors.blockIndex[index] + blocks;
        out.laneMask[index] = entry.sectors.laneMask[index];
    }
}

void GlobalAccessMemo::appendTransactions(const Entry& entry, std::uint64_t move, std::vector<MemTxn>& out)
{
    for (MemTxn txn : entry.txns) {
        txn.address += move;
        out.push_back(txn);
    }
}

} // namespace engine::timing
