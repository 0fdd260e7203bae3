#include "engine/memory/multicast_banks.h"

#include "engine/memory/touched_blocks.h"

#include <algorithm>
#include <array>
#include <bit>

namespace engine {

namespace {

unsigned log2Of(int value) { return static_cast<unsigned>(std::countr_zero(static_cast<unsigned>(value))); }

} // namespace

MulticastBanks::MulticastBanks(int banks, int entryBytes, int bankWidthBytes, bool pairsWideLoads)
    : m_bankShift(log2Of(banks))
    , m_entryShift(log2Of(entryBytes))
    , m_rowShift(log2Of(banks * bankWidthBytes))
    , m_pairsWideLoads(pairsWideLoads)
{
}

int MulticastBanks::lanesPerPhase(int bytesPerLane) const
{
    const int phaseBytes = 1 << m_rowShift;
    return std::clamp(phaseBytes / std::max(1, bytesPerLane), 1, kWarpSize);
}

/// Keys each bank entry a lane touches as row × banks + bank, so lanes asking for the same (row, bank)
/// share a pass and a bank needs one pass per distinct row.
int MulticastBanks::resolvePhase(const WarpAccess& access, std::uint32_t lanes, BankConflictResult& result) const
{
    const std::uint64_t bankMask = (std::uint64_t { 1 } << m_bankShift) - 1;
    const auto lastByte = static_cast<std::uint64_t>(std::max(1, access.bytesPerLane) - 1);
    TouchedBlocks keys;
    const auto addEntries = [&](std::uint64_t address, std::uint32_t laneMask) {
        for (std::uint64_t entry = address >> m_entryShift; entry <= (address + lastByte) >> m_entryShift; ++entry) {
            const std::uint64_t row = (entry << m_entryShift) >> m_rowShift;
            addTouchedBlock(keys, (row << m_bankShift) | (entry & bankMask), laneMask);
        }
    };
    // Neighbouring lanes of one address (a broadcast) add its entries once, with all their lanes: the keys and
    // their lane masks are the same as lane by lane, for a fraction of the insertions.
    std::uint64_t runAddress = 0;
    std::uint32_t runLanes = 0;
    for (std::uint32_t pending = lanes; pending != 0; pending &= pending - 1) {
        const int lane = lowestLane(pending);
        const std::uint64_t address = access.laneAddresses[static_cast<std::size_t>(lane)];
        if (runLanes != 0 && address == runAddress) {
            runLanes |= laneBit(lane);
            continue;
        }
        if (runLanes != 0)
            addEntries(runAddress, runLanes);
        runAddress = address;
        runLanes = laneBit(lane);
    }
    if (runLanes != 0)
        addEntries(runAddress, runLanes);
    std::array<std::uint8_t, kWarpSize> rowsInBank {};
    std::array<std::uint8_t, TouchedBlocks::kMaxBlocks> rank {};
    int passes = 0;
    for (int i = 0; i < keys.count; ++i) { // keys ascend by row, so a bank's rows are ranked in address order
        const auto bank = static_cast<std::size_t>(keys.blockIndex[static_cast<std::size_t>(i)] & bankMask);
        rank[static_cast<std::size_t>(i)] = rowsInBank[bank]++;
        passes = std::max(passes, static_cast<int>(rowsInBank[bank]));
    }
    for (int i = 0; i < keys.count; ++i) {
        const auto index = static_cast<std::size_t>(i);
        const std::uint32_t keyLanes = keys.laneMask[index];
        if (laneCount(keyLanes) > 1)
            result.broadcastLanes |= keyLanes;
        if (rowsInBank[static_cast<std::size_t>(keys.blockIndex[index] & bankMask)] > 1)
            result.conflictLanes |= keyLanes;
        for (std::uint32_t rest = keyLanes; rest != 0; rest &= rest - 1) {
            auto& wavefront = result.laneWavefront[static_cast<std::size_t>(lowestLane(rest))];
            wavefront = std::max(wavefront, static_cast<std::uint8_t>(result.wavefronts + rank[index]));
        }
    }
    return passes;
}

bool MulticastBanks::pairable(const WarpAccess& access, std::uint32_t first, std::uint32_t second) const
{
    BankConflictResult scratch;
    scratch.reset();
    if (resolvePhase(access, first | second, scratch) != 1)
        return false; // a bank would need two rows
    const auto word = [&](int lane) { return access.laneAddresses[static_cast<std::size_t>(lane)] / static_cast<std::uint64_t>(access.bytesPerLane); };
    const std::uint64_t single = word(lowestLane(first));
    bool uniform = true;
    for (std::uint32_t a = first | second; a != 0; a &= a - 1)
        uniform = uniform && word(lowestLane(a)) == single;
    if (uniform)
        return true;
    for (std::uint32_t a = first; a != 0; a &= a - 1) {
        for (std::uint32_t b = second; b != 0; b &= b - 1) {
            if (word(lowestLane(a)) == word(lowestLane(b)))
                return false; // a word both phases read
        }
    }
    return true;
}

/// Fast path for the common case of a warp-wide phase (accesses no wider than a bank entry) without a bank
/// conflict: one pass, the same result resolvePhase gives. False, with nothing decided, when two lanes
/// ask one bank for different rows; the general path then counts the passes.
bool MulticastBanks::resolveConflictFree(const WarpAccess& access, BankConflictResult& result) const
{
    const std::uint64_t bankMask = (std::uint64_t { 1 } << m_bankShift) - 1;
    std::array<std::uint64_t, kWarpSize> keyOfBank;
    std::array<std::uint32_t, kWarpSize> lanesOfBank {};
    for (std::uint32_t pending = access.activeMask; pending != 0; pending &= pending - 1) {
        const int lane = lowestLane(pending);
        const std::uint64_t entry = access.laneAddresses[static_cast<std::size_t>(lane)] >> m_entryShift;
        const std::uint64_t key = ((entry << m_entryShift) >> m_rowShift) << m_bankShift | (entry & bankMask);
        const auto bank = static_cast<std::size_t>(entry & bankMask);
        if (lanesOfBank[bank] == 0)
            keyOfBank[bank] = key;
        else if (keyOfBank[bank] != key)
            return false;
        lanesOfBank[bank] |= laneBit(lane);
        result.laneBank[static_cast<std::size_t>(lane)] = static_cast<std::uint8_t>(bank);
    }
    for (const std::uint32_t lanes : lanesOfBank) {
        if ((lanes & (lanes - 1)) != 0) // two lanes or more
            result.broadcastLanes |= lanes;
    }
    result.wavefronts = result.idealWavefronts = result.conflictWays = 1;
    return true;
}

/// Fast path for a wide access of one address by every active lane (a broadcast row element): one pass per
/// phase, or per pair of phases where loads pair (the pairing rule holds for one word). `groupLanes`: the
/// lanes a pass serves. False when two lanes differ.
bool MulticastBanks::resolveUniform(const WarpAccess& access, int groupLanes, BankConflictResult& result) const
{
    if (access.activeMask == 0)
        return false;
    const std::uint64_t address = access.laneAddresses[static_cast<std::size_t>(lowestLane(access.activeMask))];
    for (std::uint32_t pending = access.activeMask; pending != 0; pending &= pending - 1) {
        if (access.laneAddresses[static_cast<std::size_t>(lowestLane(pending))] != address)
            return false;
    }
    for (int first = 0; first < kWarpSize; first += groupLanes) {
        const std::uint32_t group = access.activeMask & laneRange(first, groupLanes);
        if (group == 0)
            continue;
        for (std::uint32_t rest = group; rest != 0; rest &= rest - 1)
            result.laneWavefront[static_cast<std::size_t>(lowestLane(rest))] = static_cast<std::uint8_t>(result.wavefronts);
        ++result.wavefronts;
    }
    if ((access.activeMask & (access.activeMask - 1)) != 0)
        result.broadcastLanes = access.activeMask;
    result.idealWavefronts = result.wavefronts;
    result.conflictWays = 1;
    return true;
}

/// Where a row is banks × entry bytes (CC 2.x, 5.x on; CC 3.x in its 64-bit mode) a bank entry's key above is
/// the entry index itself: lanes meet in a bank when their entries agree modulo the bank count, and share a pass
/// when the entries are equal, so moving every address by whole entries (and whole words, for the pairing rule)
/// changes neither. Where a row is wider (CC 3.x 32-bit mode: words i and i + 32 share a 64-bit entry within a
/// 256-byte row), only moves by whole rows keep every row as it was.
MulticastBanks::ShiftRule MulticastBanks::shiftRule(int bytesPerLane) const
{
    const std::uint64_t entryBytes = std::uint64_t { 1 } << m_entryShift;
    const std::uint64_t quantum = m_rowShift == m_entryShift + m_bankShift
        ? std::max<std::uint64_t>(entryBytes, static_cast<std::uint64_t>(std::max(1, bytesPerLane)))
        : std::uint64_t { 1 } << m_rowShift;
    return ShiftRule { quantum, m_entryShift, static_cast<std::uint8_t>((1u << m_bankShift) - 1) };
}

void MulticastBanks::resolve(const WarpAccess& access, BankConflictResult& result) const
{
    result.reset();
    const int lanes = lanesPerPhase(access.bytesPerLane);
    if (lanes == kWarpSize && access.bytesPerLane <= (1 << m_entryShift) && access.activeMask != 0
        && resolveConflictFree(access, result))
        return;
    const std::uint64_t bankMask = (std::uint64_t { 1 } << m_bankShift) - 1;
    for (std::uint32_t pending = access.activeMask; pending != 0; pending &= pending - 1) {
        const int lane = lowestLane(pending);
        const std::uint64_t entry = access.laneAddresses[static_cast<std::size_t>(lane)] >> m_entryShift;
        result.laneBank[static_cast<std::size_t>(lane)] = static_cast<std::uint8_t>(entry & bankMask);
    }
    const bool pairs = m_pairsWideLoads && access.kind == AccessKind::Load && lanes < kWarpSize;
    if (lanes < kWarpSize && resolveUniform(access, pairs ? 2 * lanes : lanes, result))
        return;
    for (int first = 0; first < kWarpSize; first += lanes) {
        std::uint32_t phaseLanes = access.activeMask & laneRange(first, lanes);
        if (pairs && (first / lanes) % 2 == 0) {
            const std::uint32_t next = access.activeMask & laneRange(first + lanes, lanes);
            if (phaseLanes != 0 && next != 0 && pairable(access, phaseLanes, next)) {
                phaseLanes |= next;
                first += lanes;
            }
        }
        if (phaseLanes == 0)
            continue;
        const int passes = resolvePhase(access, phaseLanes, result);
        result.wavefronts += passes;
        result.idealWavefronts += 1;
        result.conflictWays = std::max(result.conflictWays, passes);
    }
}

} // namespace engine
