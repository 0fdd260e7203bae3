#include "engine/memory/moved_access.h"

#include <algorithm>

namespace engine {

void MovedAccess::remember(const WarpAccess& access)
{
    m_addresses = access.laneAddresses;
    m_bytesPerLane = access.bytesPerLane;
    m_kind = access.kind;
    if (access.activeMask == m_activeMask)
        return; // the lanes' masks are those of the access remembered before (all zeros before the first)
    m_activeMask = access.activeMask;
    for (std::size_t lane = 0; lane < kWarpSize; ++lane) {
        const bool active = ((access.activeMask >> lane) & 1u) != 0;
        m_laneWords[lane] = active ? ~std::uint64_t { 0 } : 0;
        m_laneBytes[lane] = active ? 0xff : 0;
    }
}

bool MovedAccess::matches(const WarpAccess& access, std::uint64_t quantumBytes, std::uint64_t& move) const
{
    const std::uint32_t mask = access.activeMask;
    if (mask == 0 || mask != m_activeMask || access.bytesPerLane != m_bytesPerLane || access.kind != m_kind)
        return false;
    const auto first = static_cast<std::size_t>(lowestLane(mask));
    move = access.laneAddresses[first] - m_addresses[first];
    if ((move & (quantumBytes - 1)) != 0)
        return false;
    // Masks per lane instead of a branch or a shift: the loop vectorizes.
    std::uint64_t differ = 0;
    for (std::size_t lane = 0; lane < kWarpSize; ++lane)
        differ |= (access.laneAddresses[lane] - m_addresses[lane] - move) & m_laneWords[lane];
    return differ == 0;
}

bool MovedAccess::blocksMoveTogether(const WarpAccess& access, unsigned shift, std::uint64_t& blocks) const
{
    const auto first = static_cast<std::size_t>(lowestLane(m_activeMask));
    blocks = (access.laneAddresses[first] >> shift) - (m_addresses[first] >> shift);
    const auto last = static_cast<std::uint64_t>(std::max(1, m_bytesPerLane) - 1);
    std::uint64_t differ = 0; // each lane's first byte and last byte
    for (std::size_t lane = 0; lane < kWarpSize; ++lane) {
        const std::uint64_t now = access.laneAddresses[lane];
        const std::uint64_t then = m_addresses[lane];
        const std::uint64_t firstMoved = (now >> shift) - (then >> shift);
        const std::uint64_t lastMoved = ((now + last) >> shift) - ((then + last) >> shift);
        differ |= ((firstMoved - blocks) | (lastMoved - blocks)) & m_laneWords[lane];
    }
    return differ == 0;
}

} // namespace engine
