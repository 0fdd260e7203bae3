#pragma once

#include "engine/common/host_cache.h"
#include "engine/timing/sector_cache.h"

#include <cstdint>

namespace engine::timing {

/// The per-SM L1 data cache's policy for global and local accesses.
/// Loads: sectors that miss are allocated and filled from L2 (read-allocate); a load of a sector whose fill is
/// still in flight waits for that fill. Measured on an H100 (docs/timing_rules_h100.md, "Misses in flight"): eight
/// warps walking the same lines (PolyBench atax) take a DRAM latency per line, as one warp alone does.
/// Stores: write-through to L2 without allocating; a store that hits updates the cached sectors.
/// Sources: best-practices-guide-current.txt §9.2.1 and DIGEST §4.6 (CC 2.x and 6.0+ cache global loads in
/// L1); Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking" (2018), §3: the
/// L1 is write-through. [GAP] DIGEST §12.2 (store path): no-write-allocate is assumed.
class alignas(kThreadPrivateAlign) L1Cache {
public:
    L1Cache() = default;
    /// `sectorBytes` of the L1 (32 from CC 3.0 on, 128 on CC 2.x where the line is the unit).
    L1Cache(std::uint64_t capacityBytes, std::uint32_t lineBytes, std::uint32_t sectorBytes, std::uint32_t ways);

    /// What a load found: the requested 32-byte sectors that hit, and the 32-byte sectors the L1 fetches from
    /// the L2 for the misses — whole L1 sectors, so on CC 2.x a miss fills the entire 128-byte line
    /// (best-practices-guide-v8.0.txt §9.2.1: accesses cached in L1 are serviced with 128-byte transactions).
    /// Hits on sectors whose fill from the L2 is still on its way (`waiting`, a subset of `hit`) have their
    /// data at `fillArrives`, not after the hit latency: a miss merged into one in flight.
    struct Access {
        std::uint8_t hit = 0;
        std::uint8_t fill = 0;
        std::uint8_t waiting = 0;
        std::uint64_t fillArrives = 0;
    };

    /// Looks up the 32-byte sectors `sectorMask` of the line at `lineAddress` at cycle `now`. Misses are
    /// allocated, in flight until fillArrivesAt says when their data comes.
    Access load(std::uint64_t lineAddress, std::uint8_t sectorMask, std::uint64_t now);
    /// The L2's data for the last load's `fill` sectors arrives at `cycle`.
    void fillArrivesAt(std::uint64_t cycle);
    /// Windowed stepping (window_requests.h): the last load's `fill` sectors are in flight until a cycle not
    /// known before the window ends; their arrival reads as `mark` (beyond the window) until settleFill, so
    /// later loads of those sectors report them waiting. Returns when the line's earlier fill in flight arrives
    /// (0: none).
    std::uint64_t markFillUnsettled(std::uint64_t mark, std::uint64_t now);
    /// The window's end: the pending fills of the line at `lineAddress` arrive at `cycle` (if it is still here).
    void settleFill(std::uint64_t lineAddress, std::uint64_t cycle);
    void store(std::uint64_t lineAddress, std::uint8_t sectorMask);
    void invalidateAll()
    {
        m_tags.invalidateAll();
        m_lastLoad = nullptr;
    }
    void prefetch(std::uint64_t lineAddress) const { m_tags.prefetch(lineAddress); }
    bool enabled() const { return m_tags.enabled(); }

private:
    std::uint8_t toOwnSectors(std::uint8_t mask32) const;
    std::uint8_t toSector32(std::uint8_t ownMask) const;

    SectorCache m_tags;
    std::uint32_t m_sectorRatio = 1; ///< L1 sector bytes ÷ 32
    CacheLine* m_lastLoad = nullptr; ///< the line of the last load, for fillArrivesAt
    std::uint8_t m_lastFill = 0; ///< its sectors (own size) that missed
};

} // namespace engine::timing
