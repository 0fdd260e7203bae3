#pragma once

#include "engine/device/device_profile.h"

#include <cstdint>
#include <unordered_map>

namespace engine::timing {

/// The units that resolve global atomics, one per line: "If an atomic instruction executed by a warp reads,
/// modifies, and writes to the same location in global memory for more than one of the threads of the warp,
/// each read, modify, write to that location occurs and they are all serialized"
/// (opencl-programming-guide-2.3.txt §2.1.2). A warp's request to a line occupies that line's unit for
/// `request + lane × (lanes on its most-used address)` cycles, after the requests queued before it; requests to
/// other lines proceed in parallel. Rates from the profile (TimingSpec::l2Atomic*; measured on the H100,
/// docs/timing_rules_h100.md). Not thread-safe; lives with the launch's MemoryHierarchy.
class AtomicUnits {
public:
    explicit AtomicUnits(const TimingSpec& timing);

    /// Forgets every queue (a new launch).
    void clear() { m_busyUntil.clear(); }
    /// A request of `lanes` lanes on the most-used address of `line`, arriving at `now` (compare-and-swap or
    /// another operation); returns the cycle its turn at the unit ends.
    std::uint64_t serve(std::uint64_t line, std::uint32_t lanes, bool compareAndSwap, std::uint64_t now);

private:
    double m_requestCycles = 0;
    double m_casRequestCycles = 0;
    double m_laneCycles = 1;
    std::unordered_map<std::uint64_t, std::uint64_t> m_busyUntil; ///< line → cycle its unit is free
};

} // namespace engine::timing
