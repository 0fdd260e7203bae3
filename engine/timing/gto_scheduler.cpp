#include "engine/timing/gto_scheduler.h"

namespace engine::timing {

std::size_t GtoScheduler::pick(std::span<const Candidate> ready)
{
    std::size_t oldest = 0;
    for (std::size_t i = 0; i < ready.size(); ++i) {
        if (ready[i].slot == m_last)
            return i;
        if (ready[i].age < ready[oldest].age)
            oldest = i;
    }
    return oldest;
}

} // namespace engine::timing
