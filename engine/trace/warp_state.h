#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace engine {

/// What a warp was doing during one interval of a launch, as the timing model classifies cycles.
/// The values are stored in trace files: append new states at the end, never renumber.
enum class WarpState : std::uint8_t {
    Issuing, ///< the scheduler issued one of its instructions
    Eligible, ///< ready, but another warp was picked
    MemoryWait, ///< waiting for a memory request to return
    Dependency, ///< waiting for a register an earlier arithmetic instruction writes
    Barrier, ///< waiting at bar.sync for the rest of its block
    Idle, ///< resident but with nothing to issue (instruction fetch, drained pipeline)
    /// waiting for its asynchronous copies (cp.async.wait_group/wait_all, cp.async.bulk.wait_group) or for an
    /// mbarrier phase (mbarrier.try_wait/test_wait)
    AsyncWait,
};

inline constexpr std::size_t kWarpStateCount = 7;

/// Lower-case names used in JSON, CSV and the GUI's legend; indexed by the enum's value.
inline constexpr std::array<std::string_view, kWarpStateCount> kWarpStateNames = {
    "issuing", "eligible", "memory_wait", "dependency", "barrier", "idle", "async_wait",
};

inline constexpr std::string_view toString(WarpState state)
{
    return kWarpStateNames[static_cast<std::size_t>(state)];
}

} // namespace engine
