#pragma once

#include "engine/common/error.h"
#include "engine/device/device_profile.h"
#include "engine/ptx/module.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace engine::simt {

/// What every launch of a module checks and lays out that depends on the module alone, worked out once when it is
/// loaded (DeviceMemory::loadModule) instead of at every launch: five scans of every instruction cost a launch of a
/// kernel of a few hundred instructions more than running a few hundred of them (bench/README.md, "Eighteenth
/// round"). Nothing in it depends on the order of a function's instructions, so it holds for a copy of the module
/// whose instructions are reordered too (timing/issue_order.h).
struct ModuleFacts {
    /// Per function, the highest compute capability that one of its instructions needs (nothing: every device runs
    /// them all), by check: half precision, warp matrix functions, asynchronous copies.
    struct Needs {
        std::optional<ComputeCapability> half;
        std::optional<ComputeCapability> matrix;
        std::optional<ComputeCapability> async;
    };
    std::vector<Needs> needs;
    bool readsReservedShared = false; ///< launch_environment.h
    /// Per function: ptx::moduleVariablesUsedBy for entries, empty for the others.
    std::vector<std::vector<bool>> variablesUsedBy;
    /// Per function: ptx::kernelStaticSharedBytes for entries, 0 for the others.
    std::vector<std::uint64_t> staticSharedBytes;
};

ModuleFacts moduleFacts(const ptx::Module& module);

/// ptx::kernelStaticSharedBytes(module, kernel), from `facts` where they are given.
std::uint64_t kernelStaticSharedBytes(const ptx::Module& module, std::uint32_t kernel, const ModuleFacts* facts);

/// The first instruction of `kernel` or of a device function that `device` is too old for (half precision, then
/// warp matrix functions, then asynchronous copies, as the checks report it); the checks run only where `facts`
/// say some instruction needs more than the device has.
std::optional<Error> checkCapabilities(
    const ptx::Module& module, std::uint32_t kernel, const DeviceProfile& device, const ModuleFacts* facts);

} // namespace engine::simt
