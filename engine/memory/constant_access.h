#pragma once

#include "engine/device/device_profile.h"
#include "engine/memory/warp_access.h"

#include <string>

namespace engine {

/// What one warp-level constant-memory read cost.
struct ConstantAccessResult {
    int distinctAddresses = 0; ///< over the whole warp's active lanes
    int serializedReads = 0; ///< constant-cache reads issued one after another: 1 for a uniform warp (CC ≥ 2.0)
    bool uniform = true; ///< every active lane reads one address
};

/// Constant-cache serialization. best-practices-guide-v8.0.txt §9.2.5: "Accesses to different addresses
/// by threads within a warp are serialized, thus the cost scales linearly with the number of unique
/// addresses read by all threads within a warp"; on CC 1.x the unit is the half-warp ("For all threads of
/// a half-warp, reading from the constant cache is as fast as reading from a register as long as all
/// threads read the same address", opencl-programming-guide-2.3.txt §3.1.2.3), so each half-warp costs
/// its own distinct addresses. Hot path: no heap.
ConstantAccessResult resolveConstantAccess(const WarpAccess& access, bool perHalfWarp);

/// Per half-warp on CC 1.x, per warp later (the profile's sharedMemory.halfWarp marks CC 1.x).
ConstantAccessResult resolveConstantAccess(const WarpAccess& access, const DeviceProfile& profile);

/// Cold path: "3 distinct addresses → 3 serialized reads".
std::string explainConstantAccess(const WarpAccess& access, const ConstantAccessResult& result);

} // namespace engine
