#pragma once

#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace engine::timing {

/// One line of a sector cache: the tag and, per sector, whether it holds valid data, whether it was written
/// (dirty) and whether a write covered only part of it (so a write-back must first read the rest).
struct CacheLine {
    std::uint64_t tag = 0; ///< line address ÷ line bytes
    std::uint64_t lastUse = 0; ///< LRU stamp
    std::uint8_t valid = 0; ///< sector bits
    std::uint8_t dirty = 0;
    std::uint8_t partial = 0; ///< dirty sectors whose bytes are not all known
    bool used = false;
    std::array<std::uint32_t, 4> writtenBytes {}; ///< per 32-byte sector of a 128-byte line: bytes stores wrote
};
static_assert(std::is_trivially_copyable_v<CacheLine>);

/// What leaving the cache cost: the sectors of an evicted line that must be written back.
struct Eviction {
    std::uint8_t dirty = 0;
    std::uint8_t partial = 0;
};

/// The tag store of a set-associative sector cache with least-recently-used replacement (GPGPU-Sim's
/// `tag_array`, the idea only). Geometry from the device profile: capacity, line and sector bytes, ways.
/// Policies (what a read or write does) live in the level's own class (L1Cache, L2Cache). Not thread-safe:
/// one timing model owns it.
class SectorCache {
public:
    SectorCache() = default;
    SectorCache(std::uint64_t capacityBytes, std::uint32_t lineBytes, std::uint32_t ways);

    /// The line holding `lineAddress` (any byte of it), marked most recently used; null on a miss.
    CacheLine* find(std::uint64_t lineAddress);
    /// A line for `lineAddress` (which must miss): an unused way, else the least recently used one, whose
    /// dirty sectors come back in `evicted`.
    CacheLine& allocate(std::uint64_t lineAddress, Eviction& evicted);
    /// Drops every line (a kernel launch invalidates the L1s).
    void invalidateAll();

    bool enabled() const { return m_sets != 0; }
    std::uint32_t lineBytes() const { return m_lineBytes; }
    std::uint64_t sets() const { return m_sets; }
    std::uint32_t ways() const { return m_ways; }

private:
    std::uint64_t setOf(std::uint64_t tag) const;

    std::vector<CacheLine> m_lines; ///< set-major: set s holds [s × ways, (s + 1) × ways)
    std::vector<std::uint64_t> m_keys; ///< tag + 1 of each way (0: unused), apart so a lookup reads few bytes
    std::uint64_t m_sets = 0;
    std::uint32_t m_ways = 1;
    std::uint32_t m_lineBytes = 128;
    std::uint64_t m_clock = 0;
};

} // namespace engine::timing
