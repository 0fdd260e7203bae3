#pragma once

#include "engine/memory/warp_access.h"

#include <array>
#include <cstdint>

namespace engine {

/// An access remembered so that the same access moved as a whole is recognised: the same lanes and width, each
/// active lane's address changed by one amount. The memos of the bank passes (shared_bank_memo.h) and of a
/// global access's sectors and transactions (timing/global_access_memo.h) are built on it.
class MovedAccess {
public:
    void remember(const WarpAccess& access);

    /// Whether `access` is the remembered one moved by a multiple of `quantumBytes` (a power of two), the move
    /// (modulo 2^64) in `move`. Never true before remember.
    bool matches(const WarpAccess& access, std::uint64_t quantumBytes, std::uint64_t& move) const;

    /// Whether every active lane of `access` (the remembered access moved) has its first and its last byte in
    /// blocks of 2^`shift` bytes one and the same number of blocks from its remembered ones, that number (modulo
    /// 2^64) in `blocks`.
    bool blocksMoveTogether(const WarpAccess& access, unsigned shift, std::uint64_t& blocks) const;

    /// All ones for each active lane, else zero: masks for per-lane loops without a branch.
    const std::array<std::uint8_t, kWarpSize>& laneBytes() const { return m_laneBytes; }

private:
    std::array<std::uint64_t, kWarpSize> m_addresses {};
    std::array<std::uint64_t, kWarpSize> m_laneWords {};
    std::array<std::uint8_t, kWarpSize> m_laneBytes {};
    std::uint32_t m_activeMask = 0; ///< 0: nothing remembered (an access without lanes is never matched)
    int m_bytesPerLane = 0;
    AccessKind m_kind = AccessKind::Load;
};

} // namespace engine
