#pragma once

#include "engine/timing/warp_scheduler.h"

namespace engine::timing {

/// Loose round robin: the first ready warp after the one that issued last, in slot order
/// (GPGPU-Sim's `lrr`; the "thread scheduler periodically switches from one warp to another" of
/// programming-guide-0.8.2.txt §3.2).
class LrrScheduler final : public WarpSchedulerPolicy {
public:
    std::size_t pick(std::span<const Candidate> ready) override;
    void issued(std::uint32_t slot) override { m_last = slot; }
    void reset() override { m_last = kNone; }

private:
    static constexpr std::uint32_t kNone = 0xffffffffu; ///< no warp issued yet
    std::uint32_t m_last = kNone;
};

} // namespace engine::timing
