#include "engine/timing/sector_cache.h"

#include <algorithm>

namespace engine::timing {

SectorCache::SectorCache(std::uint64_t capacityBytes, std::uint32_t lineBytes, std::uint32_t ways)
    : m_ways(std::max<std::uint32_t>(1, ways))
    , m_lineBytes(std::max<std::uint32_t>(1, lineBytes))
{
    m_sets = capacityBytes / (std::uint64_t { m_lineBytes } * m_ways);
    m_lines.assign(m_sets * m_ways, CacheLine {});
}

std::uint64_t SectorCache::setOf(std::uint64_t tag) const
{
    // [GAP] DIGEST §12.2: no source gives the set-index function. Assumed: the line index folded with its
    // upper bits, so power-of-two strides spread over the sets as hashed GPU caches do.
    return (tag ^ (tag >> 12) ^ (tag >> 24)) % m_sets;
}

CacheLine* SectorCache::find(std::uint64_t lineAddress)
{
    if (m_sets == 0)
        return nullptr;
    const std::uint64_t tag = lineAddress / m_lineBytes;
    CacheLine* set = &m_lines[setOf(tag) * m_ways];
    for (std::uint32_t w = 0; w < m_ways; ++w) {
        if (set[w].used && set[w].tag == tag) {
            set[w].lastUse = ++m_clock;
            return &set[w];
        }
    }
    return nullptr;
}

CacheLine& SectorCache::allocate(std::uint64_t lineAddress, Eviction& evicted)
{
    const std::uint64_t tag = lineAddress / m_lineBytes;
    CacheLine* set = &m_lines[setOf(tag) * m_ways];
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
    return *victim;
}

void SectorCache::invalidateAll()
{
    std::fill(m_lines.begin(), m_lines.end(), CacheLine {});
}

} // namespace engine::timing
