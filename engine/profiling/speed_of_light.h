#pragma once

#include "engine/device/device_profile.h"
#include "engine/profiling/launch_counters.h"

#include <optional>
#include <string>
#include <vector>

namespace engine {

/// One unit's throughput during a launch as a share of its peak, as Nsight Compute's GPU Speed Of Light
/// section reports it.
struct SolUnit {
    std::string
        id; ///< "fma", "alu", "imul", "fp64", "sfu", "conversion", "tensor", "lsu", "l1", "shared", "l2", "dram"
    std::string label; ///< "FMA (FP32)", "DRAM", ...
    bool memory = false; ///< a memory level rather than an execution pipe
    double percent = 0; ///< 0..100 (above 100 only if the model exceeded the profile's peak)
    std::string section; ///< where the peak comes from: the guide's section or the profile's citation
};

/// Every unit's share of its peak, highest first, and a sentence naming the top limiter.
struct SpeedOfLight {
    std::vector<SolUnit> units;
    std::string limiter;
};

/// The share under which Nsight Compute calls a launch latency-bound rather than limited by a unit (Nsight
/// Compute Kernel Profiling Guide, "GPU Speed Of Light Throughput": below 60 % of peak).
inline constexpr double kLatencyBoundPercent = 60.0;

/// Nullopt when the launch was not timed. Pipes: warp instructions × 32 lanes ÷ (lane operations per clock per
/// SM × SMs × cycles), the instruction classes of the CUDA C++ Programming Guide's throughput table (DIGEST
/// §1.9); the load/store unit by shared and global warp instructions against instructions.global; memory
/// levels by bytes (roofline.h) ÷ (peak × seconds).
std::optional<SpeedOfLight> speedOfLight(const DeviceProfile& profile, const LaunchCounters& launch);

} // namespace engine
