#include "engine/timing/async_groups.h"

#include <algorithm>

namespace engine::timing {

void AsyncGroups::commit()
{
    if (m_count == kTracked) {
        // The oldest group folds into the next: a wait that covers the second covers the first anyway.
        const std::uint32_t second = (m_first + 1) % kTracked;
        m_groups[second] = std::max(m_groups[second], m_groups[m_first]);
        m_first = second;
        --m_count;
    }
    m_groups[(m_first + m_count) % kTracked] = m_open;
    ++m_count;
    m_open = 0;
}

std::uint64_t AsyncGroups::wait(std::uint32_t keep)
{
    std::uint64_t until = 0;
    while (m_count > keep) {
        until = std::max(until, m_groups[m_first]);
        m_first = (m_first + 1) % kTracked;
        --m_count;
    }
    return until;
}

std::uint64_t AsyncGroups::waitAll()
{
    commit();
    return wait(0);
}

std::uint64_t AsyncGroups::latest() const
{
    std::uint64_t last = m_open;
    for (std::uint32_t i = 0; i < m_count; ++i)
        last = std::max(last, m_groups[(m_first + i) % kTracked]);
    return last;
}

} // namespace engine::timing
