#include "engine/timing/steady_state_detector.h"

#include <algorithm>

namespace engine::timing {

SteadyStateDetector::SteadyStateDetector(std::uint64_t windowBlocks, const SamplingOptions& options)
    : m_windowBlocks(std::max<std::uint64_t>(1, windowBlocks))
    , m_options(options)
{
}

bool SteadyStateDetector::onBlockFinished(std::uint64_t cycle, const BlockCost& cost, const CacheFill& fill)
{
    if (m_steady)
        return true;
    m_latest = std::max(m_latest, cycle);
    m_windowCost.dramBytes += cost.dramBytes;
    m_windowCost.l1HitSectors += cost.l1HitSectors;
    m_windowCost.l2HitSectors += cost.l2HitSectors;
    if (++m_inWindow == m_windowBlocks)
        closeWindow(fill);
    return m_steady;
}

void SteadyStateDetector::closeWindow(const CacheFill& fill)
{
    m_inWindow = 0;
    m_windowEnds.push_back(m_latest);
    m_fills.push_back(fill);
    m_costs.push_back(m_windowCost);
    m_windowCost = BlockCost {};
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
    BlockCost costEarlier;
    BlockCost costLater;
    for (std::size_t w = first + 1; w < m_windowEnds.size(); ++w) {
        BlockCost& half = w <= middle ? costEarlier : costLater;
        half.dramBytes += m_costs[w].dramBytes;
        half.l1HitSectors += m_costs[w].l1HitSectors;
        half.l2HitSectors += m_costs[w].l2HitSectors;
    }
    if (differ(costEarlier.dramBytes, costLater.dramBytes) || differ(costEarlier.l1HitSectors, costLater.l1HitSectors)
        || differ(costEarlier.l2HitSectors, costLater.l2HitSectors))
        return; // what the blocks cost the memory system is still changing (write-backs ramping up)
    // The L2 still warming up: a tenth of the tolerance, because the window where the L2 fills its last lines
    // and write-backs begin costs a few % more than the ones before and is hard to tell from noise.
    if (fill.l2 - m_fills[first].l2 > m_options.tolerance / 10)
        return;
    m_steady = true;
    m_steadyFrom = first;
    m_rate = double(steadyBlocks()) / double(m_windowEnds.back() - m_windowEnds[first]);
}

} // namespace engine::timing
