#include "engine/timing/scoreboard.h"

#include <limits>

namespace engine::timing {

Scoreboard::Scoreboard(std::span<std::uint8_t> positions)
    : m_positions(positions.data())
{
}

void Scoreboard::attach(std::span<std::uint8_t> positions)
{
    m_positions = positions.data();
    m_count = 0;
    m_nextOrder = 1;
}

void Scoreboard::clear()
{
    for (std::uint32_t i = 0; i < m_count; ++i)
        m_positions[m_regs[i]] = 0;
    m_count = 0;
    m_nextOrder = 1;
}

RegisterWait Scoreboard::waitFor(const StaticInstruction& instr, std::uint64_t now) const
{
    // Plain locals, the result built at the end (a RegisterWait updated in the loop went through memory).
    std::uint64_t latest = now;
    std::uint64_t latestOrderMemory = std::numeric_limits<std::uint64_t>::max();
    for (std::uint8_t s = 0; s < instr.srcCount; ++s) {
        const std::uint32_t position = m_positions[instr.src[s]];
        if (position == 0)
            continue;
        const std::uint32_t i = position - 1;
        const std::uint64_t ready = m_ready[i];
        if (ready <= now || ready < latest)
            continue; // arrived, or earlier than one found
        if (ready > latest || m_orderMemory[i] < latestOrderMemory) { // orders differ: the memory bit never decides
            latest = ready;
            latestOrderMemory = m_orderMemory[i];
        }
    }
    return RegisterWait { latest, latest != now && (latestOrderMemory & 1) != 0 };
}

void Scoreboard::place(std::uint32_t i, RegKey reg, std::uint64_t readyCycle, std::uint64_t order, bool memory)
{
    m_regs[i] = reg;
    m_ready[i] = readyCycle;
    m_orderMemory[i] = order << 1 | (memory ? 1u : 0u);
    m_positions[reg] = static_cast<std::uint8_t>(i + 1);
}

void Scoreboard::forgetArrived(std::uint64_t now)
{
    std::uint32_t kept = 0;
    for (std::uint32_t i = 0; i < m_count; ++i) {
        if (m_ready[i] <= now) {
            m_positions[m_regs[i]] = 0;
            continue;
        }
        if (kept != i) {
            m_regs[kept] = m_regs[i];
            m_ready[kept] = m_ready[i];
            m_orderMemory[kept] = m_orderMemory[i];
            m_positions[m_regs[kept]] = static_cast<std::uint8_t>(kept + 1);
        }
        ++kept;
    }
    m_count = kept;
}

void Scoreboard::replaceEarliest(RegKey reg, std::uint64_t readyCycle, bool memory)
{
    // Full: the earliest arrival gives its place (and its order) to the new entry (an approximation; rarely
    // reached). Of equal arrivals the older entry goes.
    std::uint32_t earliest = 0;
    for (std::uint32_t i = 1; i < m_count; ++i) {
        if (m_ready[i] < m_ready[earliest] || (m_ready[i] == m_ready[earliest] && order(i) < order(earliest)))
            earliest = i;
    }
    m_positions[m_regs[earliest]] = 0;
    place(earliest, reg, readyCycle, order(earliest), memory);
}

void Scoreboard::set(RegKey reg, std::uint64_t readyCycle, bool memory, std::uint64_t now)
{
    if (const std::uint32_t position = m_positions[reg]; position != 0) {
        // Listed: still pending, it keeps its place; arrived, it is made anew at the end.
        const std::uint32_t i = position - 1;
        place(i, reg, readyCycle, m_ready[i] > now ? order(i) : m_nextOrder++, memory);
        return;
    }
    if (m_count == kEntries) {
        replaceEarliest(reg, readyCycle, memory);
        return;
    }
    place(m_count++, reg, readyCycle, m_nextOrder++, memory);
}

void Scoreboard::write(const StaticInstruction& instr, std::uint64_t readyCycle, bool memory, std::uint64_t now)
{
    if (instr.dstCount == 0)
        return;
    // Forgetting arrived entries matters only when the new ones might not fit beside them.
    if (m_count + instr.dstCount > kEntries)
        forgetArrived(now);
    for (std::uint8_t d = 0; d < instr.dstCount; ++d)
        set(instr.dst[d], readyCycle, memory, now);
}

void Scoreboard::settle(std::uint64_t ticket, std::uint64_t cycle)
{
    for (std::uint32_t i = 0; i < m_count; ++i) {
        if (m_ready[i] == ticket)
            m_ready[i] = cycle;
    }
}

} // namespace engine::timing
