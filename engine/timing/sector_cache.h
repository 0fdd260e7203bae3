#pragma once

#include "engine/timing/zeroed_buffer.h"

#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace engine::timing {

/// The data half of one line of a sector cache: per sector, whether it holds valid data, whether it was
/// written (dirty) and whether a write covered only part of it (so a write-back must first read the rest).
/// The tag and the recency stamp live in the cache's per-set metadata (SectorCache), apart from this.
struct CacheLine {
    std::uint8_t valid = 0; ///< sector bits
    std::uint8_t dirty = 0;
    std::uint8_t partial = 0; ///< dirty sectors whose bytes are not all known
    std::uint8_t filling = 0; ///< valid sectors whose DRAM fill has not arrived yet (L2)
    std::array<std::uint32_t, 4> writtenBytes {}; ///< per 32-byte sector of a 128-byte line: bytes stores wrote
    std::uint32_t fillArrives = 0; ///< low 32 bits of the cycle the `filling` sectors arrive
    std::uint16_t fillLaunch = 0; ///< low 16 bits of the launch that sent that fill (cycles restart per launch)
};
static_assert(std::is_trivially_copyable_v<CacheLine> && sizeof(CacheLine) == 28);

/// Marks `sectors` of `line` in flight until `cycle`, kept in 32 bits: fills are in flight for far less than 2^31
/// cycles, so the signed difference decides. Sectors of an earlier fill still in flight arrive no later than these.
inline void markFilling(CacheLine& line, std::uint8_t sectors, std::uint64_t cycle)
{
    const auto arrives = static_cast<std::uint32_t>(cycle);
    if (line.filling == 0 || static_cast<std::int32_t>(arrives - line.fillArrives) > 0)
        line.fillArrives = arrives;
    line.filling = static_cast<std::uint8_t>(line.filling | sectors);
}

/// Cycles from `now` until `line`'s fill arrives (zero or less once it has).
inline std::int32_t cyclesUntilFill(const CacheLine& line, std::uint64_t now)
{
    return static_cast<std::int32_t>(line.fillArrives - static_cast<std::uint32_t>(now));
}

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
    std::uint64_t setIndex(std::uint64_t lineAddress) const { return setOf(lineAddress / m_lineBytes); }
    /// A hint that `lineAddress` will be looked up soon: asks the host to bring its set's tags into its caches.
    /// Changes nothing the model sees.
    void prefetch(std::uint64_t lineAddress) const;
    /// Drops every line (a kernel launch invalidates the L1s).
    void invalidateAll();

    bool enabled() const { return m_sets != 0; }
    std::uint32_t lineBytes() const { return m_lineBytes; }
    std::uint64_t sets() const { return m_sets; }
    std::uint32_t ways() const { return m_ways; }
    /// Lines holding data (allocated since the last invalidateAll) ÷ all lines; 0 for a disabled cache.
    double fill() const { return m_lines.empty() ? 0.0 : double(m_usedLines) / double(m_lines.size()); }

private:
    std::uint64_t setOf(std::uint64_t tag) const;
    CacheLine& replace(std::uint64_t set, std::uint64_t tag, Eviction& evicted, Stamps& stamps);

    ZeroedBuffer<CacheLine> m_lines; ///< set-major: set s holds [s × ways, (s + 1) × ways)
    /// Per set, 2 × ways words: the ways' keys (tag + 1; 0: unused), then their LRU stamps.
    ZeroedBuffer<std::uint64_t> m_meta;
    std::uint64_t m_sets = 0;
    std::uint32_t m_ways = 1;
    std::uint32_t m_lineBytes = 128;
    std::uint64_t m_clock = 0;
    std::uint64_t m_usedLines = 0;
};

} // namespace engine::timing
