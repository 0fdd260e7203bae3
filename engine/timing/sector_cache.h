#pragma once

#include "engine/timing/cache_line.h"
#include "engine/timing/sector_storage.h"

#include <cstdint>

namespace engine::timing {

/// What leaving the cache cost: the sectors of an evicted line that must be written back.
struct Eviction {
    std::uint8_t dirty = 0;
    std::uint8_t partial = 0;
};

/// The outcome of SectorCache::access: the line now holding the address, whether it was there already, and
/// (on a miss) what the line it replaced left to write back.
struct CacheAccess {
    CacheLine* line = nullptr;
    bool hit = false;
    Eviction evicted;
};

/// The tag store of a set-associative sector cache with least-recently-used replacement (GPGPU-Sim's
/// `tag_array`, the idea only). Geometry from the device profile: capacity, line and sector bytes, ways.
/// Policies (what a read or write does) live in the level's own class (L1Cache, L2Cache). Not thread-safe:
/// one timing model owns it.
///
/// Layout: what a lookup reads — each way's tag and LRU stamp — is packed per set into one contiguous run of
/// 2 × ways words (4 host cache lines for a 16-way set), so a lookup that misses in a 50 MB L2 touches those
/// and the one CacheLine it fills, not a scattered line record per way.
class SectorCache {
public:
    SectorCache() = default;
    SectorCache(std::uint64_t capacityBytes, std::uint32_t lineBytes, std::uint32_t ways);

    /// The line holding `lineAddress` (any byte of it), marked most recently used; null on a miss.
    CacheLine* find(std::uint64_t lineAddress);
    /// The line holding `lineAddress`, or null, without marking it used (what the model saw stays as it was).
    CacheLine* peek(std::uint64_t lineAddress);
    /// A line for `lineAddress` (which must miss): an unused way, else the least recently used one, whose
    /// dirty sectors come back in `evicted`.
    CacheLine& allocate(std::uint64_t lineAddress, Eviction& evicted);
    /// find, and allocate on a miss, in one pass over the set (the same result as the two calls).
    CacheAccess access(std::uint64_t lineAddress);

    /// The recency clock and line count of one thread's share of the sets (MemoryHierarchy's partitioned L2 pass):
    /// recency stamps are compared only within a set, so threads that own disjoint sets may each stamp from their
    /// own copy of the clock, started from the cache's, and the cache goes on from the latest (merge).
    struct Stamps {
        std::uint64_t clock = 0;
        std::uint64_t newLines = 0; ///< lines that became used
    };
    Stamps stamps() const { return Stamps { m_clock, 0 }; }
    void merge(const Stamps& stamps);
    /// access, stamping from `stamps` instead of the cache's clock.
    CacheAccess access(std::uint64_t lineAddress, Stamps& stamps);
    /// The set `lineAddress` maps to, in [0, sets()).
    std::uint64_t setIndex(std::uint64_t lineAddress) const { return setOf(tagOf(lineAddress)); }
    /// A hint that `lineAddress` will be looked up soon: asks the host to bring its set's tags into its caches.
    /// Changes nothing the model sees.
    void prefetch(std::uint64_t lineAddress) const;
    void prefetchSet(std::uint64_t set) const; ///< the same for set `set` (setIndex)
    /// Drops every line (a kernel launch invalidates the L1s).
    void invalidateAll();

    bool enabled() const { return m_sets != 0; }
    std::uint32_t lineBytes() const { return m_lineBytes; }
    std::uint64_t sets() const { return m_sets; }
    std::uint32_t ways() const { return m_ways; }
    /// Lines holding data (allocated since the last invalidateAll) ÷ all lines; 0 for a disabled cache.
    double fill() const { return m_sets == 0 ? 0.0 : double(m_usedLines) / double(m_sets * m_ways); }

private:
    std::uint64_t setOf(std::uint64_t tag) const;
    CacheLine& replace(const SectorStorage::Set& set, std::uint64_t tag, Eviction& evicted, Stamps& stamps);
    /// The line's number: a shift, not a division, for the power-of-two lines of every profile.
    std::uint64_t tagOf(std::uint64_t lineAddress) const
    {
        return m_lineShift >= 0 ? lineAddress >> m_lineShift : lineAddress / m_lineBytes;
    }

    /// Per set, 2 × ways words — the ways' keys (tag + 1; 0: unused), then their LRU stamps — and ways lines.
    SectorStorage m_store;
    std::uint64_t m_sets = 0;
    std::uint32_t m_ways = 1;
    std::uint32_t m_lineBytes = 128;
    int m_lineShift = 7; ///< log2 of m_lineBytes, or -1 when it is no power of two
    std::uint64_t m_clock = 0;
    std::uint64_t m_usedLines = 0;
};

} // namespace engine::timing
