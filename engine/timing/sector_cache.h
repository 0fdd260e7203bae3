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
/// Layout (SectorStorage): what a lookup reads — the set's generation, its count of used ways, each way's key and
/// recency rank — is packed into one header per set (one host cache line for a 4-way set, two for a 16-way one),
/// so a lookup that misses in a 50 MB L2 touches those and the one CacheLine it fills. Recency is a rank per way
/// (0 the most recently used), which orders a set's ways as unique access stamps would: the least recently used
/// way is the one of the highest rank.
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

    /// What one thread's share of the sets changed of the cache's totals (MemoryHierarchy's partitioned L2 pass):
    /// recency is a set's own, so threads that own disjoint sets each count their newly used lines, and the cache
    /// adds them up (merge).
    struct Usage {
        std::uint64_t newLines = 0; ///< lines that became used
    };
    void merge(const Usage& usage) { m_usedLines += usage.newLines; }
    /// access, counting a newly used line in `usage` instead of the cache's total.
    CacheAccess access(std::uint64_t lineAddress, Usage& usage);
    /// The set `lineAddress` maps to, in [0, sets()).
    std::uint64_t setIndex(std::uint64_t lineAddress) const { return setOf(tagOf(lineAddress)); }
    /// A hint that `lineAddress` will be looked up soon: asks the host to bring its set's header into its caches.
    /// Changes nothing the model sees.
    void prefetch(std::uint64_t lineAddress) const;
    void prefetchSet(std::uint64_t set) const; ///< the same for set `set` (setIndex)
    /// A hint that `lineAddress` will be looked up soon, once its set's header was prefetched: asks the host for the
    /// line record the lookup will take. Changes nothing the model sees.
    void prefetchLine(std::uint64_t lineAddress) const;
    /// Drops every line (a kernel launch invalidates the L1s).
    void invalidateAll();

    bool enabled() const { return m_sets != 0; }
    std::uint32_t lineBytes() const { return m_lineBytes; }
    std::uint64_t sets() const { return m_sets; }
    std::uint32_t ways() const { return m_ways; }
    /// Lines holding data (allocated since the last invalidateAll) ÷ all lines; 0 for a disabled cache.
    double fill() const { return m_sets == 0 ? 0.0 : double(m_usedLines) / double(m_sets * m_ways); }

private:
    using Set = SectorStorage::Set;
    static constexpr std::uint32_t kAbsent = ~0u;

    std::uint64_t setOf(std::uint64_t tag) const;
    /// The way of `set` holding line number `tag`, or kAbsent.
    std::uint32_t wayOf(const Set& set, std::uint64_t tag) const;
    /// Makes `way` the most recently used: the ways more recent than it age by one.
    void touch(const Set& set, std::uint32_t way) const;
    CacheLine& replace(const Set& set, std::uint64_t tag, Eviction& evicted, Usage& usage);
    /// The line's number: a shift, not a division, for the power-of-two lines of every profile.
    std::uint64_t tagOf(std::uint64_t lineAddress) const
    {
        return m_lineShift >= 0 ? lineAddress >> m_lineShift : lineAddress / m_lineBytes;
    }

    SectorStorage m_store;
    std::uint64_t m_sets = 0;
    std::uint32_t m_ways = 1;
    std::uint32_t m_lineBytes = 128;
    int m_lineShift = 7; ///< log2 of m_lineBytes, or -1 when it is no power of two
    std::uint64_t m_usedLines = 0;
};

} // namespace engine::timing
