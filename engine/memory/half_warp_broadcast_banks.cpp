#include "engine/memory/half_warp_broadcast_banks.h"

#include <algorithm>
#include <array>

namespace engine {

namespace {

constexpr std::uint64_t kBanks = HalfWarpBroadcastBanks::kBanks;

/// The 32-bit word lane `lane` asks for in sub-request `part` (part k of a wide access is its k-th word).
std::uint64_t wordOf(const WarpAccess& access, int lane, int part)
{
    return access.laneAddresses[static_cast<std::size_t>(lane)] / 4 + static_cast<std::uint64_t>(part);
}

std::uint32_t bankBit(std::uint64_t word) { return std::uint32_t { 1 } << (word % kBanks); }

/// Lanes of `lanes` whose bank served lanes in more than one step (they waited for, or held up, another lane).
std::uint32_t collidingLanes(const WarpAccess& access, std::uint32_t lanes, int part, const BankConflictResult& result)
{
    std::array<std::uint8_t, kBanks> firstStep {};
    std::array<std::uint8_t, kBanks> lastStep {};
    std::uint32_t seenBanks = 0;
    for (std::uint32_t rest = lanes; rest != 0; rest &= rest - 1) {
        const int lane = lowestLane(rest);
        const auto bank = static_cast<std::size_t>(wordOf(access, lane, part) % kBanks);
        const std::uint8_t step = result.laneWavefront[static_cast<std::size_t>(lane)];
        firstStep[bank] = (seenBanks & bankBit(bank)) == 0 ? step : std::min(firstStep[bank], step);
        lastStep[bank] = (seenBanks & bankBit(bank)) == 0 ? step : std::max(lastStep[bank], step);
        seenBanks |= bankBit(bank);
    }
    std::uint32_t colliding = 0;
    for (std::uint32_t rest = lanes; rest != 0; rest &= rest - 1) {
        const int lane = lowestLane(rest);
        const auto bank = static_cast<std::size_t>(wordOf(access, lane, part) % kBanks);
        if (firstStep[bank] != lastStep[bank])
            colliding |= laneBit(lane);
    }
    return colliding;
}

/// One step: the broadcast word's lanes (reads only), then one pending lane per other bank.
std::uint32_t serveOneStep(const WarpAccess& access, std::uint32_t pending, int part, std::uint32_t& broadcast)
{
    std::uint32_t served = 0;
    std::uint32_t usedBanks = 0;
    if (access.kind == AccessKind::Load) {
        const std::uint64_t broadcastWord = wordOf(access, lowestLane(pending), part);
        for (std::uint32_t rest = pending; rest != 0; rest &= rest - 1) {
            if (wordOf(access, lowestLane(rest), part) == broadcastWord)
                served |= laneBit(lowestLane(rest));
        }
        usedBanks = bankBit(broadcastWord);
        if (laneCount(served) > 1)
            broadcast |= served;
    }
    for (std::uint32_t rest = pending & ~served; rest != 0; rest &= rest - 1) {
        const std::uint32_t bank = bankBit(wordOf(access, lowestLane(rest), part));
        if ((usedBanks & bank) == 0) {
            usedBanks |= bank;
            served |= laneBit(lowestLane(rest));
        }
    }
    return served;
}

/// Resolves one half-warp's request for word `part`; returns the number of steps.
int resolveRequest(const WarpAccess& access, std::uint32_t lanes, int part, BankConflictResult& result)
{
    int steps = 0;
    for (std::uint32_t pending = lanes; pending != 0; ++steps) {
        const std::uint32_t served = serveOneStep(access, pending, part, result.broadcastLanes);
        for (std::uint32_t done = served; done != 0; done &= done - 1)
            result.laneWavefront[static_cast<std::size_t>(lowestLane(done))] = static_cast<std::uint8_t>(result.wavefronts + steps);
        pending &= ~served;
    }
    result.conflictLanes |= collidingLanes(access, lanes, part, result);
    return steps;
}

} // namespace

void HalfWarpBroadcastBanks::resolve(const WarpAccess& access, BankConflictResult& result) const
{
    result.reset();
    for (std::uint32_t pending = access.activeMask; pending != 0; pending &= pending - 1) {
        const int lane = lowestLane(pending);
        result.laneBank[static_cast<std::size_t>(lane)] = static_cast<std::uint8_t>(wordOf(access, lane, 0) % kBanks);
    }
    const int parts = std::max(1, access.bytesPerLane / kBankWidthBytes);
    for (int part = 0; part < parts; ++part) {
        for (int halfWarp = 0; halfWarp < 2; ++halfWarp) {
            const std::uint32_t lanes = access.activeMask & halfWarpLanes(halfWarp);
            if (lanes == 0)
                continue;
            const int steps = resolveRequest(access, lanes, part, result);
            result.wavefronts += steps;
            result.idealWavefronts += 1;
            result.conflictWays = std::max(result.conflictWays, steps);
        }
    }
}

} // namespace engine
