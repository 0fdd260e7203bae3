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

void Scoreboard::purge(std::uint64_t now)
{
    std::uint32_t kept = 0;
    m_filter = 0;
    for (std::uint32_t i = 0; i < m_count; ++i) {
        if (m_waits[i].readyCycle > now) {
            m_keys[kept] = m_keys[i];
            m_waits[kept] = m_waits[i];
            m_filterIndex[kept] = m_filterIndex[i];
            m_filter |= std::uint64_t { 1 } << m_filterIndex[i];
            ++kept;
        }
    }
    m_count = kept;
}

void Scoreboard::set(RegKey key, std::uint64_t readyCycle, bool memory)
{
    const auto filterIndex = static_cast<std::uint8_t>(registerFilterIndex(key));
    m_filter |= std::uint64_t { 1 } << filterIndex;
    for (std::uint32_t i = 0; i < m_count; ++i) {
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
    purge(now);
    for (std::uint8_t d = 0; d < instr.dstCount; ++d)
        set(instr.dst[d], readyCycle, memory);
}

void Scoreboard::settle(std::uint64_t ticket, std::uint64_t cycle)
{
    for (std::uint32_t i = 0; i < m_count; ++i) {
        if (m_waits[i].readyCycle == ticket)
            m_waits[i].readyCycle = cycle;
    }
}

} // namespace engine::timing
