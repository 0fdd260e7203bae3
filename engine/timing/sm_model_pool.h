#pragma once

#include "engine/timing/sm_model.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace engine::timing {

/// The SMs of finished launches, kept for the next launch's (SmModel::reuse). A launch builds every SM of the
/// device, and allocating and freeing their slot arrays (about fifteen blocks an SM, 132 SMs on an H100) cost one of
/// many short launches more than its instructions. Shared by every thread of the process (a sweep's points run
/// launches at once) and bounded: at most kPooledLaunches launches' SMs wait. Changes nothing the model sees.
class SmModelPool {
public:
    static constexpr std::size_t kPooledLaunches = 2;
    /// SMs kept apart from a launch's (a launch of fewer blocks than SMs builds fewer): at most as many.
    static constexpr std::size_t kSpareSms = 256;

    /// SMs 0 .. count-1 for `context`: a finished launch's and spare ones, reused, where the pool holds some, new ones
    /// beyond.
    static std::vector<SmModel> take(std::uint32_t count, const SmContext& context);
    /// A launch's SMs, for a later launch (their blocks' traces freed now).
    static void giveBack(std::vector<SmModel> sms);
    /// Launches' SMs waiting now.
    static std::size_t pooledLaunches();
};

} // namespace engine::timing
