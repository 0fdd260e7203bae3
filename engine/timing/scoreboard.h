#pragma once

#include "engine/timing/static_instruction.h"

#include <array>
#include <cstdint>
#include <span>

namespace engine::timing {

/// When a register's pending value arrives, and whether a memory load or an arithmetic pipe produces it.
struct RegisterWait {
    std::uint64_t readyCycle = 0;
    bool memory = false;
};

/// A warp's scoreboard: registers with a write in flight (DIGEST §1.10: "a load does not stall the warp until
/// a dependent instruction needs its destination register"; best-practices-guide-current.txt §10.2: an
/// arithmetic result is usable after its latency).
///
/// It holds at most kEntries entries, in the order they were made: a write forgets the entries that arrived by
/// its cycle, updates a register's entry in place, and adds one at the end for a register without one — in place
/// of the earliest arrival when all kEntries are pending. A reader waits for the latest arrival among its
/// sources; of two arriving together, the older entry says whether memory produces it.
///
/// Registers are numbered 0 .. registers-1 (numberRegisters), and a byte per register says where its entry is, so
/// a lookup is two loads. An entry's place in that order is a number; arrived entries stay until the list is full,
/// then go in one pass (the cycles of a warp's writes and lookups never go back, so an arrived entry answers no
/// lookup).
class Scoreboard {
public:
    static constexpr std::size_t kEntries = 48;

    Scoreboard() = default;
    /// A scoreboard whose entry positions are `positions`, one zero byte per register number (the SM keeps its
    /// warps' positions in one block).
    explicit Scoreboard(std::span<std::uint8_t> positions);
    /// Takes `positions` (zero bytes, one per register number) and starts with no entries: what constructing it on
    /// them does, without writing the unused entries.
    void attach(std::span<std::uint8_t> positions);

    /// No entries (a new warp in the slot).
    void clear();
    /// The latest arrival among `instr`'s source registers still pending at `now` (readyCycle ≤ now: none).
    RegisterWait waitFor(const StaticInstruction& instr, std::uint64_t now) const;
    /// Marks the destinations of `instr` (each named once, as analyzeFunction names them) as arriving at
    /// `readyCycle`; forgets entries that arrived by `now`.
    void write(const StaticInstruction& instr, std::uint64_t readyCycle, bool memory, std::uint64_t now);

    /// Windowed stepping: destinations waiting for `ticket` (window_requests.h) arrive at `cycle`.
    void settle(std::uint64_t ticket, std::uint64_t cycle);

    /// Asks the host for what a lookup and a write read first: the count, the register positions and the first
    /// entries' cycles and orders. Changes nothing.
    void prefetch() const
    {
        __builtin_prefetch(&m_count);
        __builtin_prefetch(m_positions);
        __builtin_prefetch(m_ready.data());
        __builtin_prefetch(m_orderMemory.data());
    }

private:
    void forgetArrived(std::uint64_t now);
    void set(RegKey reg, std::uint64_t readyCycle, bool memory, std::uint64_t now);
    void replaceEarliest(RegKey reg, std::uint64_t readyCycle, bool memory);
    void place(std::uint32_t i, RegKey reg, std::uint64_t readyCycle, std::uint64_t order, bool memory);
    std::uint64_t order(std::uint32_t i) const { return m_orderMemory[i] >> 1; }

    std::uint8_t* m_positions = nullptr; ///< by register number: 1 + its entry's index, 0 for none
    // The entries, the first m_count of them used (left uninitialized: an SM's 64 slots would clear 60 KB at every
    // launch). The low bit of an entry's orderMemory is its memory flag, the rest its order (larger: made later).
    std::array<RegKey, kEntries> m_regs;
    std::array<std::uint64_t, kEntries> m_ready;
    std::array<std::uint64_t, kEntries> m_orderMemory;
    std::uint32_t m_count = 0;
    std::uint64_t m_nextOrder = 1;
};

} // namespace engine::timing
