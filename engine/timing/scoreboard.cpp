#include "engine/timing/scoreboard.h"

namespace engine::timing {

RegisterWait Scoreboard::waitFor(const StaticInstruction& instr, std::uint64_t now) const
{
    RegisterWait wait { now, false };
    if ((instr.srcFilter & m_filter) == 0)
        return wait; // no source has an entry
    for (std::uint32_t i = 0; i < m_count; ++i) {
        if (m_waits[i].readyCycle <= wait.readyCycle)
            continue;
        for (std::uint8_t s = 0; s < instr.srcCount; ++s) {
            if (instr.src[s] == m_keys[i]) {
                wait = RegisterWait { m_waits[i].readyCycle, m_waits[i].memory };
                break;
            }
        }
    }
    return wait;
}

void Scoreboard::set(RegKey key, std::uint64_t readyCycle, bool memory, std::uint32_t from)
{
    const auto filterIndex = static_cast<std::uint8_t>(registerFilterIndex(key));
    m_filter |= std::uint64_t { 1 } << filterIndex;
    for (std::uint32_t i = from; i < m_count; ++i) {
        if (m_keys[i] == key) {
            m_waits[i] = { readyCycle, memory };
            return;
        }
    }
    if (m_count == kEntries) { // full: keep the later arrivals (an approximation; rarely reached)
        std::uint32_t earliest = 0;
        for (std::uint32_t i = 1; i < m_count; ++i)
            earliest = m_waits[i].readyCycle < m_waits[earliest].readyCycle ? i : earliest;
        m_keys[earliest] = key;
        m_waits[earliest] = { readyCycle, memory };
        m_filterIndex[earliest] = filterIndex;
        return;
    }
    m_keys[m_count] = key;
    m_waits[m_count] = { readyCycle, memory };
    m_filterIndex[m_count] = filterIndex;
    ++m_count;
}

void Scoreboard::write(const StaticInstruction& instr, std::uint64_t readyCycle, bool memory, std::uint64_t now)
{
    if (instr.dstCount == 0)
        return;
    // The purge and the search for each destination's entry in one pass; then the destinations without one are
    // added in order: the same entries in the same order as purge(now) followed by set() for each destination.
    std::uint32_t kept = 0;
    std::uint32_t found = 0; ///< bit d: destination d has an entry
    m_filter = 0;
    for (std::uint32_t i = 0; i < m_count; ++i) {
        if (m_waits[i].readyCycle <= now)
            continue;
        m_keys[kept] = m_keys[i];
        m_waits[kept] = m_waits[i];
        m_filterIndex[kept] = m_filterIndex[i];
        m_filter |= std::uint64_t { 1 } << m_filterIndex[i];
        for (std::uint8_t d = 0; d < instr.dstCount; ++d) {
            if (instr.dst[d] == m_keys[kept]) {
                m_waits[kept] = { readyCycle, memory };
                found |= 1u << d;
            }
        }
        ++kept;
    }
    m_count = kept;
    for (std::uint8_t d = 0; d < instr.dstCount; ++d) {
        if ((found & (1u << d)) != 0)
            continue;
        // Only an entry added just now can hold it (a destination named twice), unless one added just now took
        // the place of an older entry (a full scoreboard).
        const bool mayFill = m_count + instr.dstCount > kEntries;
        set(instr.dst[d], readyCycle, memory, mayFill ? 0 : kept);
    }
}

void Scoreboard::settle(std::uint64_t ticket, std::uint64_t cycle)
{
    for (std::uint32_t i = 0; i < m_count; ++i) {
        if (m_waits[i].readyCycle == ticket)
            m_waits[i].readyCycle = cycle;
    }
}

} // namespace engine::timing
