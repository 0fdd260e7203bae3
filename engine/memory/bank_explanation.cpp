#include "engine/memory/bank_explanation.h"

#include "engine/memory/half_warp_broadcast_banks.h"
#include "engine/memory/memory_text.h"
#include "engine/memory/multicast_banks.h"

#include <array>

namespace engine {

namespace {

constexpr int kMaxLinesShown = 8;

std::string collidingBanks(const BankConflictResult& result)
{
    std::array<std::uint32_t, kWarpSize> lanesOfBank {};
    for (std::uint32_t rest = result.conflictLanes; rest != 0; rest &= rest - 1) {
        const int lane = lowestLane(rest);
        lanesOfBank[result.laneBank[static_cast<std::size_t>(lane)]] |= laneBit(lane);
    }
    std::string text;
    for (int bank = 0; bank < kWarpSize; ++bank) {
        if (lanesOfBank[static_cast<std::size_t>(bank)] != 0) {
            text += "\nbank " + std::to_string(bank) + " serves " + lanesPhrase(lanesOfBank[static_cast<std::size_t>(bank)])
                + " in different passes";
        }
    }
    return text;
}

std::string lanesPerWavefront(const BankConflictResult& result, std::uint32_t activeMask)
{
    std::string text;
    for (int wavefront = 0; wavefront < result.wavefronts; ++wavefront) {
        if (wavefront == kMaxLinesShown) {
            text += "\n… and " + std::to_string(result.wavefronts - kMaxLinesShown) + " more passes";
            break;
        }
        std::uint32_t lanes = 0;
        for (std::uint32_t rest = activeMask; rest != 0; rest &= rest - 1) {
            if (result.laneWavefront[static_cast<std::size_t>(lowestLane(rest))] == wavefront)
                lanes |= laneBit(lowestLane(rest));
        }
        text += "\npass " + std::to_string(wavefront + 1) + " completes " + lanesPhrase(lanes);
    }
    return text;
}

} // namespace

std::string describeBankResult(const BankConflictResult& result, std::uint32_t activeMask)
{
    std::string text(1, '\n');
    text += countOf(result.wavefronts, "pass", "passes") + " ("
        + std::to_string(result.idealWavefronts) + " without conflicts): ";
    text += result.conflictWays <= 1 ? std::string("conflict-free")
                                     : std::to_string(result.conflictWays) + "-way bank conflict";
    text += collidingBanks(result);
    if (result.broadcastLanes != 0) {
        text += '\n';
        text += lanesPhrase(result.broadcastLanes) + " share a word with other lanes (broadcast)";
    }
    return text + lanesPerWavefront(result, activeMask);
}

std::string HalfWarpBroadcastBanks::explain(const WarpAccess& access) const
{
    BankConflictResult result;
    resolve(access, result);
    std::string text = "CC 1.x shared memory (programming-guide-0.8.2.txt §6.1.2.4): 16 banks of 32-bit words, "
                       "each half-warp separately";
    text += access.kind == AccessKind::Load ? ", one broadcast word per step (the lowest pending lane's)"
                                            : ", writes serialized per bank";
    if (access.bytesPerLane > kBankWidthBytes)
        text += "; " + std::to_string(access.bytesPerLane / kBankWidthBytes) + " separate 32-bit requests per lane";
    return text + describeBankResult(result, access.activeMask);
}

std::string MulticastBanks::explain(const WarpAccess& access) const
{
    BankConflictResult result;
    resolve(access, result);
    const int lanes = lanesPerPhase(access.bytesPerLane);
    std::string text = std::to_string(1 << m_bankShift) + " banks of " + std::to_string(1 << m_entryShift)
        + "-byte words over the whole warp, with multicast (best-practices-guide-v8.0.txt §9.2.2.1)";
    if (lanes < kWarpSize)
        text += "; " + std::to_string(access.bytesPerLane) + "-byte accesses run in phases of " + std::to_string(lanes) + " lanes";
    return text + describeBankResult(result, access.activeMask);
}

} // namespace engine
