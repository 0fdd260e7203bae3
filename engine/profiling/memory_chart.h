#pragma once

#include "engine/device/device_profile.h"
#include "engine/profiling/launch_counters.h"

#include <optional>
#include <string>
#include <vector>

namespace engine {

/// A box of the memory chart: a logical space the kernel addresses or a unit of the hierarchy.
struct MemoryChartNode {
    std::string id; ///< "kernel", "global", "shared", "l1", "l2", "dram", "host"
    std::string label;
    std::optional<double> hitRate; ///< caches: sector hit rate 0..1, when the timing model recorded it
};

/// An arrow between two boxes with the traffic that crossed it.
struct MemoryChartLink {
    std::string from;
    std::string to;
    std::uint64_t requests = 0; ///< warp-level instructions (kernel → space)
    std::uint64_t sectors = 0; ///< 32-byte sectors (or shared wavefronts on the shared link)
    std::uint64_t transactions = 0; ///< the generation's unit, on the global link
    std::uint64_t bytes = 0;
    std::optional<double> percentOfPeak; ///< bytes ÷ (the link's peak × duration); empty when unknown
};

/// Nsight Compute's Memory Workload Analysis chart for one launch, by the device's generation: CC 1.x goes from
/// global memory straight to DRAM (no data cache, DIGEST §4.6), CC 2.x and later through the L1 where it caches
/// global loads (128-byte lines on 2.x, 32-byte sectors from 3.0) and the L2.
struct MemoryChart {
    std::vector<MemoryChartNode> nodes;
    std::vector<MemoryChartLink> links;
};

MemoryChart memoryChart(const DeviceProfile& profile, const LaunchCounters& launch);

/// The host link's arrow for the copies of a run: `bytes` moved in `seconds` against the profile's link rate.
MemoryChartLink hostLink(const DeviceProfile& profile, std::uint64_t bytes, double seconds);

} // namespace engine
