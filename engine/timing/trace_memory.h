#pragma once

#include "engine/timing/warp_trace.h"

#include <cstdint>
#include <vector>

namespace engine::timing {

/// Host bytes the traces of one block hold (their vectors' capacities: what the allocator gave them).
std::uint64_t traceBytes(const std::vector<WarpTrace>& traces);

/// The default bound on the instruction traces one timed launch may hold (the functional run records each
/// warp instruction, about 8 to 40 bytes, before the timing model replays it): a quarter of this machine's
/// physical memory, at most 4 GiB, shared by `concurrentLaunches` launches running at once (a sweep's
/// workers). A loop that never ends reaches it within seconds instead of growing until the system's
/// out-of-memory killer ends the process.
std::uint64_t defaultTraceBytesLimit(unsigned concurrentLaunches = 1);

} // namespace engine::timing
