#pragma once

#include "engine/timing/sector_cache.h"

#include <cstdint>

namespace engine::timing {

/// The per-SM L1 data cache's policy for global and local accesses.
/// Loads: sectors that miss are allocated and filled from L2 (read-allocate).
/// Stores: write-through to L2 without allocating; a store that hits updates the cached sectors.
/// Sources: best-practices-guide-current.txt §9.2.1 and DIGEST §4.6 (CC 2.x and 6.0+ cache global loads in
/// L1); Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking" (2018), §3: the
/// L1 is write-through. [GAP] DIGEST §12.2 (store path): no-write-allocate is assumed.
class L1Cache {
public:
    L1Cache() = default;
    /// `sectorBytes` of the L1 (32 from CC 3.0 on, 128 on CC 2.x where the line is the unit).
    L1Cache(std::uint64_t capacityBytes, std::uint32_t lineBytes, std::uint32_t sectorBytes, std::uint32_t ways);

    /// What a load found: the requested 32-byte sectors that hit, and the 32-byte sectors the L1 fetches from
    /// the L2 for the misses — whole L1 sectors, so on CC 2.x a miss fills the entire 128-byte line
    /// (best-practices-guide-v8.0.txt §9.2.1: accesses cached in L1 are serviced with 128-byte transactions).
    struct Access {
        std::uint8_t hit = 0;
        std::uint8_t fill = 0;
    };

    /// Looks up the 32-byte sectors `sectorMask` of the line at `lineAddress`. Misses are allocated (as filled
    /// when the data returns).
    Access load(std::uint64_t lineAddress, std::uint8_t sectorMask);
    void store(std::uint64_t lineAddress, std::uint8_t sectorMask);
    void invalidateAll() { m_tags.invalidateAll(); }
    void prefetch(std::uint64_t lineAddress) const { m_tags.prefetch(lineAddress); }
    bool enabled() const { return m_tags.enabled(); }

private:
    std::uint8_t toOwnSectors(std::uint8_t mask32) const;
    std::uint8_t toSector32(std::uint8_t ownMask) const;

    SectorCache m_tags;
    std::uint32_t m_sectorRatio = 1; ///< L1 sector bytes ÷ 32
};

} // namespace engine::timing
