#include "engine/timing/l1_cache.h"

#include <algorithm>

namespace engine::timing {

L1Cache::L1Cache(std::uint64_t capacityBytes, std::uint32_t lineBytes, std::uint32_t sectorBytes, std::uint32_t ways)
    : m_tags(capacityBytes, lineBytes, ways)
    , m_sectorRatio(std::max<std::uint32_t>(1, sectorBytes / 32))
{
}

std::uint8_t L1Cache::toOwnSectors(std::uint8_t mask32) const
{
    if (m_sectorRatio == 1)
        return mask32;
    std::uint8_t own = 0;
    for (std::uint32_t i = 0; i < 8; ++i) {
        if ((unsigned {mask32} >> i) & 1u)
            own = static_cast<std::uint8_t>(own | (1u << (i / m_sectorRatio)));
    }
    return own;
}

std::uint8_t L1Cache::toSector32(std::uint8_t ownMask) const
{
    if (m_sectorRatio == 1)
        return ownMask;
    std::uint8_t mask32 = 0;
    for (std::uint32_t i = 0; i < 8; ++i) {
        if ((unsigned {ownMask} >> (i / m_sectorRatio)) & 1u)
            mask32 = static_cast<std::uint8_t>(mask32 | (1u << i));
    }
    return mask32;
}

L1Cache::Access L1Cache::load(std::uint64_t lineAddress, std::uint8_t sectorMask, std::uint64_t now)
{
    const std::uint8_t own = toOwnSectors(sectorMask);
    CacheLine* line = m_tags.access(lineAddress).line; // write-through: an evicted L1 line is never dirty
    const std::int32_t untilArrival = cyclesUntilFill(*line, now);
    if (line->filling != 0 && untilArrival <= 0)
        line->filling = 0;
    const std::uint8_t hit = static_cast<std::uint8_t>(line->valid & own);
    const std::uint8_t waiting = static_cast<std::uint8_t>(hit & line->filling);
    const std::uint8_t missed = static_cast<std::uint8_t>(own & ~line->valid);
    line->valid = static_cast<std::uint8_t>(line->valid | own);
    m_lastLoad = line;
    m_lastFill = missed;
    Access access { static_cast<std::uint8_t>(toSector32(hit) & sectorMask), toSector32(missed),
        static_cast<std::uint8_t>(toSector32(waiting) & sectorMask), 0 };
    if (access.waiting != 0)
        access.fillArrives = now + static_cast<std::uint64_t>(untilArrival);
    return access;
}

void L1Cache::fillArrivesAt(std::uint64_t cycle)
{
    if (m_lastLoad == nullptr || m_lastFill == 0)
        return;
    markFilling(*m_lastLoad, m_lastFill, cycle);
    m_lastLoad = nullptr;
}

std::uint64_t L1Cache::markFillUnsettled(std::uint64_t mark, std::uint64_t now)
{
    if (m_lastLoad == nullptr || m_lastFill == 0)
        return 0;
    CacheLine& line = *m_lastLoad;
    const std::int32_t untilArrival = cyclesUntilFill(line, now);
    const std::uint64_t earlier = line.filling != 0 && untilArrival > 0 ? now + static_cast<std::uint64_t>(untilArrival) : 0;
    line.fillArrives = static_cast<std::uint32_t>(mark);
    line.filling = static_cast<std::uint8_t>(line.filling | m_lastFill);
    m_lastLoad = nullptr;
    return earlier;
}

void L1Cache::settleFill(std::uint64_t lineAddress, std::uint64_t cycle)
{
    CacheLine* line = m_tags.peek(lineAddress);
    if (line != nullptr && line->filling != 0)
        line->fillArrives = static_cast<std::uint32_t>(cycle);
}

void L1Cache::store(std::uint64_t lineAddress, std::uint8_t sectorMask)
{
    // Write-through, no allocate: a hit keeps its (updated) sectors, a miss leaves the L1 as it was.
    (void)sectorMask;
    (void)m_tags.find(lineAddress);
}

} // namespace engine::timing
