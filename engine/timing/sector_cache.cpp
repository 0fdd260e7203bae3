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

CacheLine* SectorCache::find(std::uint64_t lineAddress)
{
    if (m_sets == 0)
        return nullptr;
    const std::uint64_t tag = tagOf(lineAddress);
    const SectorStorage::Set set = m_store.set(setOf(tag));
    for (std::uint32_t w = 0; w < m_ways; ++w) {
        if (set.keys[w] == tag + 1) {
            set.keys[m_ways + w] = ++m_clock;
            return &set.lines[w];
        }
    }
    return nullptr;
}

CacheLine* SectorCache::peek(std::uint64_t lineAddress)
{
    if (m_sets == 0)
        return nullptr;
    const std::uint64_t tag = tagOf(lineAddress);
    const SectorStorage::Set set = m_store.set(setOf(tag));
    for (std::uint32_t w = 0; w < m_ways; ++w) {
        if (set.keys[w] == tag + 1)
            return &set.lines[w];
    }
    return nullptr;
}

CacheLine& SectorCache::replace(const SectorStorage::Set& set, std::uint64_t tag, Eviction& evicted, Stamps& stamps)
{
    std::uint64_t* keys = set.keys;
    const std::uint64_t* recency = keys + m_ways;
    // The first unused way, else the least recently used (stamps are unique, so the minimum is one way).
    std::uint32_t victim = 0;
    for (std::uint32_t w = 0; w < m_ways; ++w) {
        if (keys[w] == 0) {
            victim = w;
            break;
        }
        if (recency[w] < recency[victim])
            victim = w;
    }
    CacheLine& line = set.lines[victim];
    evicted = keys[victim] != 0 ? Eviction { line.dirty, line.partial } : Eviction {};
    stamps.newLines += keys[victim] == 0 ? 1 : 0;
    line = CacheLine {};
    keys[victim] = tag + 1;
    keys[m_ways + victim] = ++stamps.clock;
    return line;
}

void SectorCache::merge(const Stamps& stamps)
{
    m_clock = std::max(m_clock, stamps.clock);
    m_usedLines += stamps.newLines;
}

CacheLine& SectorCache::allocate(std::uint64_t lineAddress, Eviction& evicted)
{
    const std::uint64_t tag = tagOf(lineAddress);
    Stamps own = stamps();
    CacheLine& line = replace(m_store.set(setOf(tag)), tag, evicted, own);
    merge(own);
    return line;
}

CacheAccess SectorCache::access(std::uint64_t lineAddress)
{
    Stamps own = stamps();
    const CacheAccess out = access(lineAddress, own);
    merge(own);
    return out;
}

CacheAccess SectorCache::access(std::uint64_t lineAddress, Stamps& stamps)
{
    const std::uint64_t tag = tagOf(lineAddress);
    const SectorStorage::Set set = m_store.set(setOf(tag));
    for (std::uint32_t w = 0; w < m_ways; ++w) {
        if (set.keys[w] == tag + 1) {
            set.keys[m_ways + w] = ++stamps.clock;
            return CacheAccess { &set.lines[w], true, {} };
        }
    }
    CacheAccess out;
    out.line = &replace(set, tag, out.evicted, stamps);
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

void SectorCache::invalidateAll()
{
    m_store.newGeneration();
    m_usedLines = 0;
}

} // namespace engine::timing
