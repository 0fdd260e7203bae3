#pragma once

#include "engine/timing/static_instruction.h"

#include <array>
#include <cstdint>
#include <vector>

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
/// Registers are numbered 0 .. registers-1 (numberRegisters): each has its entry's slot in a table, so a lookup is
/// one load; the entry order is a number per entry. Arrived entries stay listed until the list is full, then go in
/// one pass (the cycles of a warp's writes and lookups never go back, so an arrived entry answers no lookup).
class Scoreboard {
public:
    static constexpr std::size_t kEntries = 48;

    explicit Scoreboard(std::uint32_t registers = 0);

    /// No entries (a new warp in the slot).
    void clear();
    /// The latest arrival among `instr`'s source registers still pending at `now` (readyCycle ≤ now: none).
    RegisterWait waitFor(const StaticInstruction& instr, std::uint64_t now) const;
    /// Marks the destinations of `instr` (each named once, as analyzeFunction names them) as arriving at
    /// `readyCycle`; forgets entries that arrived by `now`.
    void write(const StaticInstruction& instr, std::uint64_t readyCycle, bool memory, std::uint64_t now);

    /// Windowed stepping: destinations waiting for `ticket` (window_requests.h) arrive at `cycle`.
    void settle(std::uint64_t ticket, std::uint64_t cycle);

private:
    /// A register's entry; `order` 0: none. Entries made later have larger orders; the low bit of `orderMemory`
    /// is the memory flag.
    struct Entry {
        std::uint64_t readyCycle = 0;
        std::uint64_t orderMemory = 0;
        std::uint64_t order() const { return orderMemory >> 1; }
        bool memory() const { return (orderMemory & 1) != 0; }
    };

    void forgetArrived(std::uint64_t now);
    void set(RegKey reg, std::uint64_t readyCycle, bool memory, std::uint64_t now);
    void replaceEarliest(RegKey reg, std::uint64_t readyCycle, bool memory);

    std::vector<Entry> m_entries; ///< by register number
    std::array<RegKey, kEntries> m_listed; ///< registers with an entry (pending, or arrived and not yet forgotten)
    std::uint32_t m_listedCount = 0;
    std::uint64_t m_nextOrder = 1;
};

} // namespace engine::timing
