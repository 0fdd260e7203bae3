#include "engine/timing/global_access_memo.h"

#include <algorithm>
#include <bit>

namespace engine::timing {

namespace {
    constexpr std::uint64_t kSectorBytes = 32;
}

GlobalAccessMemo::GlobalAccessMemo(std::uint64_t lineBytes)
    : m_quantum(std::has_single_bit(lineBytes) ? lineBytes : 0)
{
}

GlobalAccessMemo::Match GlobalAccessMemo::match(
    std::size_t instruction, const WarpAccess& access, std::uint8_t kind, bool bytesMatter)
{
    Entry* found = m_entries.find(instruction);
    if (found == nullptr)
        return {};
    Entry& entry = *found;
    std::uint64_t move = 0;
    if (entry.kind != kind || !entry.access.matches(access, 1, move))
        return {};
    const auto byLines
        = [this](std::uint64_t bytes) { return m_quantum != 0 ? (bytes & (m_quantum - 1)) == 0 : bytes == 0; };
    if ((move & (kSectorBytes - 1)) == 0) // every lane's bytes, sector for sector
        return Match { &entry, move, byLines(move), true };
    // The same sectors, moved, when the sectors of every lane's first and last byte moved by one number of sectors.
    std::uint64_t sectors = 0;
    if (bytesMatter || !entry.access.blocksMoveTogether(access, 5, sectors))
        return {};
    move = sectors * kSectorBytes;
    return Match { &entry, move, byLines(move), false };
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
    entry.hasCounts = false;
    return entry;
}

void GlobalAccessMemo::moveSectors(const Entry& entry, std::uint64_t move, TouchedBlocks& out)
{
    // A whole number of sectors, up or down: a move down is a large number modulo 2^64, which divides as a
    // negative one.
    const auto blocks
        = static_cast<std::uint64_t>(static_cast<std::int64_t>(move) / static_cast<std::int64_t>(kSectorBytes));
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
