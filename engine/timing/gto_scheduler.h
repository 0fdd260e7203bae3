#pragma once

#include "engine/timing/warp_scheduler.h"

namespace engine::timing {

/// Greedy-then-oldest: keep issuing the same warp while it is ready, else the oldest ready warp
/// (Rogers, O'Connor, Aamodt, "Cache-Conscious Wavefront Scheduling", MICRO 2012, §2; GPGPU-Sim's `gto`).
class GtoScheduler final : public WarpSchedulerPolicy {
public:
    std::size_t pick(std::span<const Candidate> ready) override;
    void issued(std::uint32_t slot) override { m_last = slot; }
    /// The slot issued last (the greedy warp), or kNone before the first issue. SmModel::issueOne makes this
    /// policy's choice in its scan of the warps.
    std::uint32_t last() const { return m_last; }
    static constexpr std::uint32_t kNone = 0xffffffffu;

private:
    std::uint32_t m_last = kNone;
};

} // namespace engine::timing
