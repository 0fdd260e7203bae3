#pragma once

#include <cstdint>
#include <unordered_map>

namespace engine::timing {

/// The phases of a resident block's mbarrier objects in the timing model (PTX ISA 8.5 §9.7.13.15.2: a phase
/// completes when its arrivals and transactions are all in). The functional run names each phase (the
/// mbarrier's shared offset and the phase's number, MbarrierMark::key) and says which warp instructions
/// contribute to it; a phase completes in model time when the last of them has issued (a bulk copy's when its
/// bytes have arrived), whichever warp that is — the order the functional run saw need not be the model's.
class MbarrierPhases {
public:
    void clear() { m_phases.clear(); }
    /// Counts one contribution the block's traces hold for phase `key` (before the block runs).
    void expect(std::uint64_t key) { ++m_phases[key].needed; }
    /// A contribution to `key` taking effect at `cycle`; true when it was the last one.
    bool contribute(std::uint64_t key, std::uint64_t cycle);
    /// The cycle phase `key` completed, or `pending` while contributions are outstanding. A phase no trace
    /// contributes to (waited on but completed before the block's traces began) counts as complete at 0.
    std::uint64_t completion(std::uint64_t key, std::uint64_t pending) const;

private:
    struct Phase {
        std::uint32_t needed = 0;
        std::uint32_t arrived = 0;
        std::uint64_t cycle = 0; ///< the latest contribution so far
    };
    std::unordered_map<std::uint64_t, Phase> m_phases;
};

} // namespace engine::timing
