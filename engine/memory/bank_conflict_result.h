#pragma once

#include "engine/memory/warp_access.h"

#include <array>
#include <cstdint>

namespace engine {

/// What one warp-level shared-memory access cost in bank passes. Filled in place; no heap.
struct BankConflictResult {
    /// Serialized passes of the whole warp instruction (DESIGN.md "wavefronts"). Includes the passes an
    /// access always takes: one per half-warp on CC 1.x, one per phase of a wide access (8 or 16 bytes).
    int wavefronts = 0;
    int idealWavefronts = 0; ///< passes the same access would take without any bank conflict
    int conflictWays = 0; ///< the most passes one half-warp or phase needed: "n-way"; 1 when conflict-free
    std::uint32_t conflictLanes = 0; ///< lanes whose bank another lane of their phase asks for another word
    std::uint32_t broadcastLanes = 0; ///< lanes served together with other lanes reading the same word
    std::array<std::uint8_t, kWarpSize> laneBank; ///< bank of each active lane's first byte
    std::array<std::uint8_t, kWarpSize> laneWavefront; ///< 0-based pass that completed each active lane

    /// Passes lost to bank conflicts (0 when conflict-free).
    int extraWavefronts() const { return wavefronts - idealWavefronts; }

    void reset()
    {
        wavefronts = idealWavefronts = conflictWays = 0;
        conflictLanes = broadcastLanes = 0;
        laneBank.fill(0);
        laneWavefront.fill(0);
    }
};

} // namespace engine
