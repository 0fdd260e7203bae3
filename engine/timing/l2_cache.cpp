#include "engine/timing/l2_cache.h"

#include "engine/timing/sector_mask.h"

#include <algorithm>
#include <bit>

namespace engine::timing {

namespace {

    constexpr std::uint32_t kSectorBytes = 32;

} // namespace

std::uint8_t widenToChunks(std::uint8_t mask, std::uint32_t groupSectors)
{
    std::uint32_t wide = mask;
    for (std::uint32_t span = 1; span < groupSectors; span *= 2) {
        // Each pair of neighbouring groups of `span` sectors becomes one group of 2 × span: the lower group of
        // every pair is where `lowGroups` has bits.
        const std::uint32_t lowGroups = span == 1 ? 0x55u : span == 2 ? 0x33u : 0x0fu;
        wide |= ((wide & lowGroups) << span) | ((wide >> span) & lowGroups);
    }
    return static_cast<std::uint8_t>(wide);
}

L2Cache::L2Cache(std::uint64_t capacityBytes, std::uint32_t lineBytes, std::uint32_t ways, std::uint32_t fetchBytes)
    : m_tags(capacityBytes, lineBytes, ways)
    , m_fetchSectors(std::clamp(std::bit_floor(std::max(fetchBytes, kSectorBytes) / kSectorBytes), 1u,
          std::max(1u, lineBytes / kSectorBytes)))
{
}

CacheLine& L2Cache::lineFor(std::uint64_t lineAddress, L2Outcome& out, Pass& pass)
{
    const CacheAccess access = m_tags.access(lineAddress, pass.usage);
    out.writebackBytes = sectorBytes(access.evicted.dirty);
    out.writebackFillBytes = sectorBytes(access.evicted.partial);
    pass.line = access.line;
    pass.allocated = !access.hit;
    return *access.line;
}

L2Outcome L2Cache::read(std::uint64_t lineAddress, std::uint8_t sectorMask, std::uint64_t now)
{
    Pass pass = beginPass();
    const L2Outcome out = read(lineAddress, sectorMask, now, pass);
    endPass(pass);
    m_lastRead = pass.line;
    m_lastFetch = out.fetchSectors;
    return out;
}

L2Outcome L2Cache::write(
    std::uint64_t lineAddress, std::uint8_t sectorMask, const std::array<std::uint32_t, 4>& byteMasks)
{
    Pass pass = beginPass();
    const L2Outcome out = write(lineAddress, sectorMask, byteMasks, pass);
    endPass(pass);
    return out;
}

L2Outcome L2Cache::read(std::uint64_t lineAddress, std::uint8_t sectorMask, std::uint64_t now, Pass& pass)
{
    L2Outcome out;
    CacheLine& line = lineFor(lineAddress, out, pass);
    // A fill in flight: requests for its sectors wait for it (an MSHR merge) rather than take the hit latency
    // for data that has not arrived.
    const std::int32_t untilArrival = cyclesUntilFill(line, now);
    if (line.filling != 0 && (line.fillLaunch != m_launch || untilArrival <= 0))
        line.filling = 0;
    out.waitingSectors = static_cast<std::uint8_t>(line.valid & sectorMask & line.filling);
    if (out.waitingSectors != 0)
        out.fillArrives = now + static_cast<std::uint64_t>(untilArrival);
    out.hitSectors = static_cast<std::uint8_t>(line.valid & sectorMask & ~line.filling);
    out.fillSectors = static_cast<std::uint8_t>(sectorMask & ~line.valid);
    out.fetchSectors = static_cast<std::uint8_t>(widenToChunks(out.fillSectors, m_fetchSectors) & ~line.valid);
    line.valid = static_cast<std::uint8_t>(line.valid | sectorMask | out.fetchSectors);
    line.partial = static_cast<std::uint8_t>(line.partial & ~(sectorMask | out.fetchSectors)); // the fill completed them
    return out;
}

void L2Cache::fillArrivesAt(std::uint64_t cycle)
{
    if (m_lastRead == nullptr || m_lastFetch == 0)
        return;
    CacheLine& line = *m_lastRead;
    markFilling(line, m_lastFetch, cycle);
    line.fillLaunch = m_launch;
    m_lastRead = nullptr;
}

L2Outcome L2Cache::write(
    std::uint64_t lineAddress, std::uint8_t sectorMask, const std::array<std::uint32_t, 4>& byteMasks, Pass& pass)
{
    L2Outcome out;
    CacheLine& line = lineFor(lineAddress, out, pass);
    out.hitSectors = static_cast<std::uint8_t>(line.valid & sectorMask);
    for (std::uint32_t s = 0; s < byteMasks.size(); ++s) {
        const auto bit = static_cast<std::uint8_t>(1u << s);
        if ((sectorMask & bit) == 0 || (line.valid & bit) != 0)
            continue; // not written, or already whole: the write just updates it
        line.writtenBytes[s] |= byteMasks[s];
        if (line.writtenBytes[s] == 0xffffffffu) {
            line.valid = static_cast<std::uint8_t>(line.valid | bit);
            line.partial = static_cast<std::uint8_t>(line.partial & ~bit);
        } else {
            line.partial = static_cast<std::uint8_t>(line.partial | bit);
        }
    }
    line.dirty = static_cast<std::uint8_t>(line.dirty | sectorMask);
    return out;
}

} // namespace engine::timing
