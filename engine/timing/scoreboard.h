#pragma once

#include "engine/timing/static_instruction.h"

#include <array>
#include <cstdint>

namespace engine::timing {

/// When a register's pending value arrives, and whether a memory load or an arithmetic pipe produces it.
struct RegisterWait {
    std::uint64_t readyCycle = 0;
    bool memory = false;
};

/// A warp's scoreboard: registers with a write in flight (DIGEST §1.10: "a load does not stall the warp until
/// a dependent instruction needs its destination register"; best-practices-guide-current.txt §10.2: an
/// arithmetic result is usable after its latency). Plain fixed-size storage, no heap.
class Scoreboard {
public:
    static constexpr std::size_t kEntries = 48;
    /// Only the first `m_count` entries are ever read, so the arrays start uninitialized: an SM's 64 warp slots
    /// would otherwise clear 60 KB at every launch.
    Scoreboard() { }

    void clear()
    {
        m_count = 0;
        m_filter = 0;
    }
    /// The latest arrival among `instr`'s source registers still pending at `now` (readyCycle ≤ now: none).
    RegisterWait waitFor(const StaticInstruction& instr, std::uint64_t now) const;
    /// Marks the destinations of `instr` as arriving at `readyCycle`; forgets entries that arrived by `now`.
    void write(const StaticInstruction& instr, std::uint64_t readyCycle, bool memory, std::uint64_t now);

    /// Windowed stepping: destinations waiting for `ticket` (window_requests.h) arrive at `cycle`.
    void settle(std::uint64_t ticket, std::uint64_t cycle);

private:
    void purge(std::uint64_t now);
    void set(RegKey key, std::uint64_t readyCycle, bool memory);

    /// RegisterWait without its member initializers, so that it can be left uninitialized.
    struct Wait {
        std::uint64_t readyCycle;
        bool memory;
    };
    std::array<RegKey, kEntries> m_keys;
    std::array<Wait, kEntries> m_waits;
    std::array<std::uint8_t, kEntries> m_filterIndex; ///< registerFilterIndex of each entry's register
    std::uint32_t m_count = 0;
    std::uint64_t m_filter = 0; ///< registerFilterBit of every entry's register (and maybe of some gone since)
};

} // namespace engine::timing
