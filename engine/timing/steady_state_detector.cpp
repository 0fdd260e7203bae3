#include "engine/timing/steady_state_detector.h"

#include <algorithm>

namespace engine::timing {

SteadyStateDetector::SteadyStateDetector(std::uint64_t windowBlocks, const SamplingOptions& options)
    : m_windowBlocks(std::max<std::uint64_t>(1, windowBlocks))
    , m_options(options)
{
}

bool SteadyStateDetector::onBlockFinished(std::uint64_t cycle, const CacheFill& fill)
{
    if (m_steady)
        return true;
    m_latest = std::max(m_latest, cycle);
    if (++m_inWindow == m_windowBlocks)
        closeWindow(fill);
    return m_steady;
}

void SteadyStateDetector::closeWindow(const CacheFill& fill)
{
    m_inWindow = 0;
    m_windowEnds.push_back(m_latest);
    m_fills.push_back(fill);
    // Window 0 holds the first wave (the SMs filling up) and is never compared; window w ≥ 1 spans
    // (ends[w - 1], ends[w]]. The last `needed` windows must all be of windows ≥ 1.
    const std::size_t needed = std::max<std::uint32_t>(1, m_options.stableWindows);
    if (m_windowEnds.size() < needed + 1)
        return;
    const std::size_t first = m_windowEnds.size() - needed - 1; // the end before the first compared window
    std::uint64_t shortest = ~std::uint64_t { 0 };
    std::uint64_t longest = 0;
    for (std::size_t w = first + 1; w < m_windowEnds.size(); ++w) {
        const std::uint64_t span = m_windowEnds[w] - m_windowEnds[w - 1];
        shortest = std::min(shortest, span);
        longest = std::max(longest, span);
    }
    if (shortest == 0 || double(longest - shortest) > m_options.tolerance * double(shortest))
        return;
    const CacheFill& before = m_fills[first];
    if (fill.l1 - before.l1 > m_options.tolerance || fill.l2 - before.l2 > m_options.tolerance)
        return; // a cache is still warming up

    m_steady = true;
    m_steadyFrom = first;
    m_rate = double(m_windowBlocks * needed) / double(m_windowEnds.back() - m_windowEnds[first]);
}

} // namespace engine::timing
