#pragma once

#include "engine/timing/warp_scheduler.h"

namespace engine::timing {

/// Greedy-then-oldest: keep issuing the same warp while it is ready, else the oldest ready warp
/// (Rogers, O'Connor, Aamodt, "Cache-Conscious Wavefront Scheduling", MICRO 2012, §2; GPGPU-Sim's `gto`).
class GtoScheduler final : public WarpSchedulerPolicy {
public:
    std::size_t pick(std::span<const Candidate> ready) override;
    void issued(std::uint32_t slot) override { m_last = slot; }

private:
    std::uint32_t m_last = 0xffffffffu;
};

} // namespace engine::timing
