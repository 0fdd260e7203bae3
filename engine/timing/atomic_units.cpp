#include "engine/timing/atomic_units.h"

#include <algorithm>
#include <cmath>

namespace engine::timing {

AtomicUnits::AtomicUnits(const TimingSpec& timing)
    : m_requestCycles(timing.l2AtomicRequestCycles)
    , m_casRequestCycles(timing.l2CasRequestCycles)
    , m_laneCycles(timing.l2AtomicLaneCycles)
{ }

std::uint64_t AtomicUnits::serve(std::uint64_t line, std::uint32_t lanes, bool compareAndSwap, std::uint64_t now)
{
    const double request = compareAndSwap ? m_casRequestCycles : m_requestCycles;
    const auto service = static_cast<std::uint64_t>(std::llround(request + m_laneCycles * std::max(1u, lanes)));
    auto [it, inserted] = m_busyUntil.try_emplace(line, now);
    const std::uint64_t start = std::max(now, it->second);
    it->second = start + service;
    return it->second;
}

} // namespace engine::timing
