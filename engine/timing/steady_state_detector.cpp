#include "engine/timing/steady_state_detector.h"

#include <algorithm>

namespace engine::timing {

SteadyStateDetector::SteadyStateDetector(std::uint64_t windowBlocks, const SamplingOptions& options)
    : m_windowBlocks(std::max<std::uint64_t>(1, windowBlocks))
    , m_options(options)
{
}

bool SteadyStateDetector::onBlockFinished(std::uint64_t cycle, std::uint64_t dramBytes, const CacheFill& fill)
{
    if (m_steady)
        return true;
    m_latest = std::max(m_latest, cycle);
    m_windowDram += dramBytes;
    if (++m_inWindow == m_windowBlocks)
        closeWindow(fill);
    return m_steady;
}

void SteadyStateDetector::closeWindow(const CacheFill& fill)
{
    m_inWindow = 0;
    m_windowEnds.push_back(m_latest);
    m_fills.push_back(fill);
    m_dramBytes.push_back(m_windowDram);
    m_windowDram = 0;
    // Window 0 holds the first wave (the SMs filling up) and is never compared; window w ≥ 1 spans
    // (ends[w - 1], ends[w]]. The last 2k windows (k = stableWindows), all of them windows ≥ 1, are compared
    // as two halves: single one-wave windows are noisy (a few % on the bundled copies), their means over k
    // windows are not, so the halves agreeing says the rate stopped moving rather than that a few noisy
    // windows happened to coincide.
    const std::size_t k = std::max<std::uint32_t>(1, m_options.stableWindows);
    if (m_windowEnds.size() < 2 * k + 1)
        return;
    const std::size_t first = m_windowEnds.size() - 2 * k - 1; // the end before the first compared window
    const std::size_t middle = first + k;
    const std::uint64_t earlier = m_windowEnds[middle] - m_windowEnds[first];
    const std::uint64_t later = m_windowEnds.back() - m_windowEnds[middle];
    const auto differ = [this](std::uint64_t a, std::uint64_t b) {
        const std::uint64_t low = std::min(a, b);
        const std::uint64_t high = std::max(a, b);
        return double(high - low) > m_options.tolerance * double(high);
    };
    if (earlier == 0 || later == 0 || differ(earlier, later))
        return;
    std::uint64_t dramEarlier = 0;
    std::uint64_t dramLater = 0;
    for (std::size_t w = first + 1; w < m_windowEnds.size(); ++w)
        (w <= middle ? dramEarlier : dramLater) += m_dramBytes[w];
    if (differ(dramEarlier, dramLater))
        return; // the blocks' DRAM traffic is still changing (write-backs ramping up)
    const CacheFill& before = m_fills[first];
    if (fill.l1 - before.l1 > m_options.tolerance || fill.l2 - before.l2 > m_options.tolerance)
        return; // a cache is still warming up
    m_steady = true;
    m_steadyFrom = first;
    m_rate = double(steadyBlocks()) / double(m_windowEnds.back() - m_windowEnds[first]);
}

} // namespace engine::timing
