#pragma once

#include <cstdint>
#include <memory>
#include <span>

namespace engine::timing {

/// Which warp a scheduler issues when several are ready. The seeds leave the policy open ("The issue order
/// of the warps within a block is undefined", programming-guide-0.8.2.txt §3.2; DIGEST §1.3 [GAP]); the
/// two classic policies are offered, one per file.
enum class SchedulerPolicy : std::uint8_t {
    GreedyThenOldest, ///< gto_scheduler.h
    LooseRoundRobin, ///< lrr_scheduler.h
};

/// A candidate warp: its slot on the SM and its age (dispatch order: smaller is older).
struct Candidate {
    std::uint32_t slot = 0;
    std::uint64_t age = 0;
};

/// One warp scheduler's policy. Deterministic: the same candidates in the same state give the same pick.
class WarpSchedulerPolicy {
public:
    virtual ~WarpSchedulerPolicy() = default;
    /// Index into `ready` (non-empty, in ascending slot order) of the warp to issue.
    virtual std::size_t pick(std::span<const Candidate> ready) = 0;
    /// The slot that issued (the policy's memory for the next pick).
    virtual void issued(std::uint32_t slot) = 0;
    /// Back to the state of a new policy (an SM of a later launch reuses it: SmModelPool).
    virtual void reset() = 0;
};

std::unique_ptr<WarpSchedulerPolicy> makeWarpScheduler(SchedulerPolicy policy);

const char* toString(SchedulerPolicy policy);

} // namespace engine::timing
