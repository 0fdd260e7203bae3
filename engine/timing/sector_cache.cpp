#include "engine/timing/sector_cache.h"

#include <algorithm>
#include <bit>

namespace engine::timing {

SectorCache::SectorCache(std::uint64_t capacityBytes, std::uint32_t lineBytes, std::uint32_t ways)
    : m_ways(std::max<std::uint32_t>(1, ways))
    , m_lineBytes(std::max<std::uint32_t>(1, lineBytes))
{
    m_lineShift = std::has_single_bit(m_lineBytes) ? std::countr_zero(m_lineBytes) : -1;
    m_sets = capacityBytes / (std::uint64_t { m_lineBytes } * m_ways);
    m_store = SectorStorage(m_sets, m_ways); // every way unused (key 0), no line valid
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

std::uint32_t SectorCache::wayOf(const Set& set, std::uint64_t tag) const
{
    const auto key = static_cast<std::uint32_t>(tag);
    const auto high = static_cast<std::uint32_t>(tag >> 32);
    const std::uint32_t used = set.header->used;
    for (std::uint32_t w = 0; w < used; ++w) {
        if (set.keys[w] == key && set.lines[w].tagHigh == high)
            return w;
    }
    return kAbsent;
}

void SectorCache::touch(const Set& set, std::uint32_t way) const
{
    // Over every way, used or not, so the loop vectorizes: an unused way's rank means nothing until the set takes it.
    const std::uint16_t rank = set.ranks[way];
    if (rank == 0)
        return; // the most recent already: nothing moves
    for (std::uint32_t w = 0; w < m_ways; ++w)
        set.ranks[w] = static_cast<std::uint16_t>(set.ranks[w] + (set.ranks[w] < rank ? 1 : 0));
    set.ranks[way] = 0;
}

CacheLine* SectorCache::find(std::uint64_t lineAddress)
{
    if (m_sets == 0)
        return nullptr;
    const std::uint64_t tag = tagOf(lineAddress);
    const Set set = m_store.set(setOf(tag));
    const std::uint32_t way = wayOf(set, tag);
    if (way == kAbsent)
        return nullptr;
    touch(set, way);
    return &set.lines[way];
}

CacheLine* SectorCache::peek(std::uint64_t lineAddress)
{
    if (m_sets == 0)
        return nullptr;
    const std::uint64_t tag = tagOf(lineAddress);
    const Set set = m_store.set(setOf(tag));
    const std::uint32_t way = wayOf(set, tag);
    return way == kAbsent ? nullptr : &set.lines[way];
}

CacheLine& SectorCache::replace(const Set& set, std::uint64_t tag, Eviction& evicted, Usage& usage)
{
    // The first unused way (a set takes them in order), else the least recently used: the highest rank.
    std::uint32_t victim = set.header->used;
    if (victim < m_ways) {
        ++set.header->used;
        ++usage.newLines;
        set.ranks[victim] = static_cast<std::uint16_t>(victim); // ranks below: every used way ages by one
        evicted = {};
    } else {
        victim = 0;
        while (set.ranks[victim] != m_ways - 1)
            ++victim;
        evicted = Eviction { set.lines[victim].dirty, set.lines[victim].partial };
    }
    touch(set, victim);
    CacheLine& line = set.lines[victim];
    line = CacheLine {};
    line.tagHigh = static_cast<std::uint32_t>(tag >> 32);
    set.keys[victim] = static_cast<std::uint32_t>(tag);
    return line;
}

CacheLine& SectorCache::allocate(std::uint64_t lineAddress, Eviction& evicted)
{
    const std::uint64_t tag = tagOf(lineAddress);
    Usage own;
    CacheLine& line = replace(m_store.set(setOf(tag)), tag, evicted, own);
    merge(own);
    return line;
}

CacheAccess SectorCache::access(std::uint64_t lineAddress)
{
    Usage own;
    const CacheAccess out = access(lineAddress, own);
    merge(own);
    return out;
}

CacheAccess SectorCache::access(std::uint64_t lineAddress, Usage& usage)
{
    const std::uint64_t tag = tagOf(lineAddress);
    const Set set = m_store.set(setOf(tag));
    const std::uint32_t way = wayOf(set, tag);
    if (way != kAbsent) {
        touch(set, way);
        return CacheAccess { &set.lines[way], true, {} };
    }
    CacheAccess out;
    out.line = &replace(set, tag, out.evicted, usage);
    return out;
}

void SectorCache::prefetch(std::uint64_t lineAddress) const
{
    if (m_sets == 0)
        return;
    m_store.prefetch(setOf(tagOf(lineAddress)));
}

void SectorCache::prefetchSet(std::uint64_t set) const
{
    if (m_sets != 0)
        m_store.prefetch(set);
}

void SectorCache::prefetchLine(std::uint64_t lineAddress) const
{
    if (m_sets == 0)
        return;
    const std::uint64_t tag = tagOf(lineAddress);
    m_store.prefetchLine(setOf(tag), static_cast<std::uint32_t>(tag));
}

void SectorCache::invalidateAll()
{
    m_store.newGeneration();
    m_usedLines = 0;
}

} // namespace engine::timing
