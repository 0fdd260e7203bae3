#pragma once

#include "engine/profiling/cache_counters.h"
#include "engine/profiling/instruction_mix.h"
#include "engine/profiling/memory_counters.h"

#include <cstdint>
#include <optional>

namespace engine {

struct KernelOutcome;
namespace ptx {
    struct Module;
}

/// What the roofline, speed-of-light and memory charts read of one launch: its instruction mix, the
/// generation's memory counters and, when a timing model ran it, cache sectors, DRAM bytes and cycles.
struct LaunchCounters {
    InstructionMix mix;
    MemoryCounterTotals memory;
    std::optional<CacheCounters> caches;
    std::optional<std::uint64_t> dramBytesRead;
    std::optional<std::uint64_t> dramBytesWritten;
    std::optional<std::uint64_t> cycles; ///< SM clock cycles of the launch; empty untimed

    /// The launch's duration at the profile's SM clock; empty untimed or when it took no cycle.
    std::optional<double> seconds(double coreClockMhz) const
    {
        if (!cycles || *cycles == 0 || coreClockMhz <= 0)
            return std::nullopt;
        return double(*cycles) / (coreClockMhz * 1e6);
    }
};

/// A launch the engine just ran: the mix over every function of `module` it executed (the kernel and the
/// functions it called), and the outcome's counters.
LaunchCounters launchCountersOf(const ptx::Module& module, const KernelOutcome& outcome);

} // namespace engine
