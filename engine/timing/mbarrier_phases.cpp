#include "engine/timing/mbarrier_phases.h"

#include <algorithm>

namespace engine::timing {

bool MbarrierPhases::contribute(std::uint64_t key, std::uint64_t cycle)
{
    Phase& p = m_phases[key];
    p.cycle = std::max(p.cycle, cycle);
    ++p.arrived;
    return p.arrived == p.needed;
}

std::uint64_t MbarrierPhases::completion(std::uint64_t key, std::uint64_t pending) const
{
    const auto it = m_phases.find(key);
    if (it == m_phases.end())
        return 0;
    return it->second.arrived >= it->second.needed ? it->second.cycle : pending;
}

} // namespace engine::timing
