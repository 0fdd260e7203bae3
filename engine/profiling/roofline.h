#pragma once

#include "engine/device/device_profile.h"
#include "engine/profiling/launch_counters.h"

#include <optional>
#include <string>
#include <vector>

namespace engine {

/// The memory levels a hierarchical roofline draws a bandwidth ceiling and a point for.
enum class MemoryLevel : std::uint8_t { L1, Shared, L2, Dram };
inline constexpr std::array<MemoryLevel, 4> kMemoryLevels {
    MemoryLevel::L1, MemoryLevel::Shared, MemoryLevel::L2, MemoryLevel::Dram};

const char* toString(MemoryLevel level); ///< "l1", "shared", "l2", "dram"
const char* labelOf(MemoryLevel level); ///< "L1", "Shared", "L2", "DRAM"

/// One roof of the chart: a bandwidth (bytes/s) or a compute peak (FLOP/s, or instructions/s for the integer
/// roof), with how it was derived from the profile and where the profile's numbers come from.
struct Ceiling {
    std::string id; ///< "dram", "l2", "l1", "shared", "fp64", "fp32", "fp16", "tensor", "integer"
    std::string label; ///< "DRAM", "FP32", ...
    double peak = 0;
    std::string derivation; ///< "132 SMs × 1980 MHz × 128 FMA/clk × 2 FLOP"
    std::string source; ///< the profile's citation for the numbers
};

/// Every roof a device has; levels or precisions the device lacks (or no source gives) are left out.
struct DeviceCeilings {
    std::vector<Ceiling> memory; ///< by kMemoryLevels order
    std::vector<Ceiling> compute; ///< fp64, fp32, fp16, tensor
    Ceiling integer; ///< integer operations/s (the int pipe)
};

DeviceCeilings deviceCeilings(const DeviceProfile& profile);

/// A level's bandwidth in bytes/s, or nullopt when the device lacks it or no source gives it.
std::optional<double> memoryPeak(const DeviceProfile& profile, MemoryLevel level);

/// Bytes the launch moved at a level, from the model's counters: L1 global/local sectors × 32, shared
/// wavefronts × the banks' width, L2 sectors looked up × 32, DRAM bytes read and written. Nullopt where the
/// device has no such level for global data or the counter was not recorded (untimed).
std::optional<std::uint64_t> levelBytes(const DeviceProfile& profile, const LaunchCounters& launch, MemoryLevel level);

/// One dot of a launch on the chart: its work per byte at one level, and its achieved rate.
struct RooflinePoint {
    MemoryLevel level = MemoryLevel::Dram;
    std::uint64_t bytes = 0;
    double intensity = 0; ///< work ÷ bytes
    double performance = 0; ///< work ÷ seconds
};

/// A launch placed on its device's roofline. A launch with no floating-point work is an integer kernel and is
/// placed by integer operations instead (instructions/s, against the integer roof).
struct LaunchRoofline {
    bool integer = false;
    double work = 0; ///< FLOPs, or integer operations
    double seconds = 0;
    std::vector<RooflinePoint> points; ///< one per level that moved bytes
};

/// Nullopt when the launch was not timed (no duration to divide by).
std::optional<LaunchRoofline> launchRoofline(const DeviceProfile& profile, const LaunchCounters& launch);

} // namespace engine
