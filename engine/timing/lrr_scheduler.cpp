#include "engine/timing/lrr_scheduler.h"

namespace engine::timing {

std::size_t LrrScheduler::pick(std::span<const Candidate> ready)
{
    for (std::size_t i = 0; i < ready.size(); ++i) {
        if (m_last == kNone || ready[i].slot > m_last)
            return i;
    }
    return 0; // wrap around to the lowest slot
}

} // namespace engine::timing
