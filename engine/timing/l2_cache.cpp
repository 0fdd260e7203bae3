#include "engine/timing/l2_cache.h"

#include "engine/timing/sector_mask.h"

#include <bit>

namespace engine::timing {

namespace {

    constexpr std::uint32_t kSectorBytes = 32;

    std::uint32_t sectorBytes(std::uint8_t mask)
    {
        return sectorCount(mask) * kSectorBytes;
    }

} // namespace

L2Cache::L2Cache(std::uint64_t capacityBytes, std::uint32_t lineBytes, std::uint32_t ways)
    : m_tags(capacityBytes, lineBytes, ways)
{
}

CacheLine& L2Cache::lineFor(std::uint64_t lineAddress, L2Outcome& out)
{
    const CacheAccess access = m_tags.access(lineAddress);
    out.writebackBytes = sectorBytes(access.evicted.dirty);
    out.writebackFillBytes = sectorBytes(access.evicted.partial);
    return *access.line;
}

L2Outcome L2Cache::read(std::uint64_t lineAddress, std::uint8_t sectorMask)
{
    L2Outcome out;
    CacheLine& line = lineFor(lineAddress, out);
    out.hitSectors = static_cast<std::uint8_t>(line.valid & sectorMask);
    out.fillSectors = static_cast<std::uint8_t>(sectorMask & ~line.valid);
    line.valid = static_cast<std::uint8_t>(line.valid | sectorMask);
    line.partial = static_cast<std::uint8_t>(line.partial & ~sectorMask); // the fill completed them
    return out;
}

L2Outcome L2Cache::write(std::uint64_t lineAddress, std::uint8_t sectorMask, const std::array<std::uint32_t, 4>& byteMasks)
{
    L2Outcome out;
    CacheLine& line = lineFor(lineAddress, out);
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
