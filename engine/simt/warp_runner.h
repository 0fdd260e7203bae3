#pragma once

#include "engine/simt/exec_context.h"

namespace engine::simt {

/// Counts shared by the warps of a launch.
struct IssueCounters {
    std::uint64_t warpInstructions = 0;
    std::uint64_t threadInstructions = 0;
    std::uint64_t budget = 0; ///< 0: unlimited
};

/// Runs the warp bound in `ctx` (bindFrame done) until it waits at a barrier, finishes, faults, or has
/// issued `maxInstructions`. Returns the number issued.
std::uint64_t runWarp(ExecContext& ctx, IssueCounters& counters, std::uint64_t maxInstructions);

} // namespace engine::simt
