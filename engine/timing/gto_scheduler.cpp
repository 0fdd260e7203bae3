#include "engine/timing/gto_scheduler.h"

namespace engine::timing {

std::size_t GtoScheduler::pick(std::span<const Candidate> ready)
{
    Oldest oldest;
    for (std::uint32_t i = 0; i < ready.size(); ++i) {
        if (ready[i].slot == m_last)
            return i; // the greedy warp is ready
        oldest.see(i, ready[i].age, true);
    }
    return oldest.index;
}

} // namespace engine::timing
