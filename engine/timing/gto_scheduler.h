#pragma once

#include "engine/timing/warp_scheduler.h"

#include <limits>

namespace engine::timing {

/// Greedy-then-oldest: keep issuing the same warp while it is ready, else the oldest ready warp
/// (Rogers, O'Connor, Aamodt, "Cache-Conscious Wavefront Scheduling", MICRO 2012, §2; GPGPU-Sim's `gto`).
/// SmModel::issueOne makes this choice in its scan of a scheduler's warps, with Oldest and last(); pick() makes it
/// over a list of the ready ones the same way.
class GtoScheduler final : public WarpSchedulerPolicy {
public:
    /// The oldest ready warp of a pass over a scheduler's warps in slot order: the first of the least age.
    struct Oldest {
        std::uint32_t index = 0; ///< the pass's index of that warp (0 while none was ready)
        std::uint64_t age = std::numeric_limits<std::uint64_t>::max();
        /// Warp `i` of the pass, of age `warpAge`, ready or not (without a branch: the scan runs every cycle).
        void see(std::uint32_t i, std::uint64_t warpAge, bool ready)
        {
            const bool older = ready && warpAge < age;
            index = older ? i : index;
            age = older ? warpAge : age;
        }
    };

    std::size_t pick(std::span<const Candidate> ready) override;
    void issued(std::uint32_t slot) override { m_last = slot; }
    void reset() override { m_last = kNone; }
    /// The slot issued last (the greedy warp), or kNone before the first issue. SmModel::issueOne makes this
    /// policy's choice in its scan of the warps.
    std::uint32_t last() const { return m_last; }
    static constexpr std::uint32_t kNone = 0xffffffffu;

private:
    std::uint32_t m_last = kNone;
};

} // namespace engine::timing
