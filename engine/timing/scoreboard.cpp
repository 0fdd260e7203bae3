#include "engine/timing/scoreboard.h"

#include <limits>

namespace engine::timing {

Scoreboard::Scoreboard(std::uint32_t registers)
    : m_entries(registers)
{
}

void Scoreboard::clear()
{
    for (std::uint32_t i = 0; i < m_listedCount; ++i)
        m_entries[m_listed[i]] = Entry {};
    m_listedCount = 0;
    m_nextOrder = 1;
}

RegisterWait Scoreboard::waitFor(const StaticInstruction& instr, std::uint64_t now) const
{
    RegisterWait wait { now, false };
    std::uint64_t waitOrder = std::numeric_limits<std::uint64_t>::max();
    for (std::uint8_t s = 0; s < instr.srcCount; ++s) {
        const Entry& e = m_entries[instr.src[s]];
        if (e.readyCycle < wait.readyCycle || e.readyCycle <= now)
            continue; // no entry (readyCycle 0), arrived, or earlier than one found
        if (e.readyCycle > wait.readyCycle || e.order() < waitOrder) {
            wait = RegisterWait { e.readyCycle, e.memory() };
            waitOrder = e.order();
        }
    }
    return wait;
}

void Scoreboard::forgetArrived(std::uint64_t now)
{
    std::uint32_t kept = 0;
    for (std::uint32_t i = 0; i < m_listedCount; ++i) {
        const RegKey reg = m_listed[i];
        if (m_entries[reg].readyCycle > now)
            m_listed[kept++] = reg;
        else
            m_entries[reg] = Entry {};
    }
    m_listedCount = kept;
}

void Scoreboard::replaceEarliest(RegKey reg, std::uint64_t readyCycle, bool memory)
{
    // Full: the earliest arrival gives its place (and its order) to the new entry (an approximation; rarely
    // reached). Of equal arrivals the older entry goes.
    std::uint32_t earliest = 0;
    for (std::uint32_t i = 1; i < m_listedCount; ++i) {
        const Entry& e = m_entries[m_listed[i]];
        const Entry& best = m_entries[m_listed[earliest]];
        if (e.readyCycle < best.readyCycle || (e.readyCycle == best.readyCycle && e.order() < best.order()))
            earliest = i;
    }
    Entry& victim = m_entries[m_listed[earliest]];
    const std::uint64_t order = victim.order();
    victim = Entry {};
    m_listed[earliest] = reg;
    m_entries[reg] = Entry { readyCycle, order << 1 | (memory ? 1u : 0u) };
}

void Scoreboard::set(RegKey reg, std::uint64_t readyCycle, bool memory, std::uint64_t now)
{
    Entry& e = m_entries[reg];
    const std::uint64_t memoryBit = memory ? 1 : 0;
    if (e.orderMemory != 0) {
        // Listed: still pending, it keeps its place; arrived, it is made anew at the end.
        const std::uint64_t order = e.readyCycle > now ? e.order() : m_nextOrder++;
        e = Entry { readyCycle, order << 1 | memoryBit };
        return;
    }
    if (m_listedCount == kEntries) {
        replaceEarliest(reg, readyCycle, memory);
        return;
    }
    m_listed[m_listedCount++] = reg;
    e = Entry { readyCycle, m_nextOrder++ << 1 | memoryBit };
}

void Scoreboard::write(const StaticInstruction& instr, std::uint64_t readyCycle, bool memory, std::uint64_t now)
{
    if (instr.dstCount == 0)
        return;
    // Forgetting arrived entries matters only when the new ones might not fit beside them.
    if (m_listedCount + instr.dstCount > kEntries)
        forgetArrived(now);
    for (std::uint8_t d = 0; d < instr.dstCount; ++d)
        set(instr.dst[d], readyCycle, memory, now);
}

void Scoreboard::settle(std::uint64_t ticket, std::uint64_t cycle)
{
    for (std::uint32_t i = 0; i < m_listedCount; ++i) {
        Entry& e = m_entries[m_listed[i]];
        if (e.readyCycle == ticket)
            e.readyCycle = cycle;
    }
}

} // namespace engine::timing
