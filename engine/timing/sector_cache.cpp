#include "engine/timing/sector_cache.h"

#include <algorithm>

namespace engine::timing {

SectorCache::SectorCache(std::uint64_t capacityBytes, std::uint32_t lineBytes, std::uint32_t ways)
    : m_ways(std::max<std::uint32_t>(1, ways))
    , m_lineBytes(std::max<std::uint32_t>(1, lineBytes))
{
    m_sets = capacityBytes / (std::uint64_t { m_lineBytes } * m_ways);
    m_lines.assign(m_sets * m_ways, CacheLine {});
    m_keys.assign(m_sets * m_ways, 0);
}

std::uint64_t SectorCache::setOf(std::uint64_t tag) const
{
    // [GAP] DIGEST §12.2: no source gives the set-index function. Assumed: the line index folded with its
    // upper bits, so power-of-two strides spread over the sets as hashed GPU caches do.
    const std::uint64_t hash = (tag ^ (tag >> 12) ^ (tag >> 24)) * 0x9e3779b97f4a7c15ull;
    // Maps the hash onto [0, sets) by a multiply, not a division (Lemire's "fastrange").
    __extension__ using Wide = unsigned __int128;
    return static_cast<std::uint64_t>((static_cast<Wide>(hash) * m_sets) >> 64);
}

CacheLine* SectorCache::find(std::uint64_t lineAddress)
{
    if (m_sets == 0)
        return nullptr;
    const std::uint64_t tag = lineAddress / m_lineBytes;
    const std::uint64_t first = setOf(tag) * m_ways;
    const std::uint64_t* keys = &m_keys[first];
    for (std::uint32_t w = 0; w < m_ways; ++w) {
        if (keys[w] == tag + 1) {
            CacheLine& line = m_lines[first + w];
            line.lastUse = ++m_clock;
            return &line;
        }
    }
    return nullptr;
}

CacheLine& SectorCache::allocate(std::uint64_t lineAddress, Eviction& evicted)
{
    const std::uint64_t tag = lineAddress / m_lineBytes;
    const std::uint64_t first = setOf(tag) * m_ways;
    CacheLine* set = &m_lines[first];
    CacheLine* victim = set;
    for (std::uint32_t w = 0; w < m_ways; ++w) {
        if (!set[w].used) {
            victim = &set[w];
            break;
        }
        if (set[w].lastUse < victim->lastUse)
            victim = &set[w];
    }
    evicted = victim->used ? Eviction { victim->dirty, victim->partial } : Eviction {};
    *victim = CacheLine { tag, ++m_clock, 0, 0, 0, true, {} };
    m_keys[first + static_cast<std::uint64_t>(victim - set)] = tag + 1;
    return *victim;
}

void SectorCache::invalidateAll()
{
    std::fill(m_lines.begin(), m_lines.end(), CacheLine {});
    std::fill(m_keys.begin(), m_keys.end(), 0);
}

} // namespace engine::timing
