#pragma once

#include "engine/device/device_profile.h"
#include "engine/ptx/module.h"
#include "engine/ptx/ptxas_resources.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace engine {

/// Registers per thread and the memory a kernel takes, as ptxas allocates them for the device, or
/// estimated from the PTX when ptxas is not installed. PTX does not say (ptxas allocates registers),
/// and occupancy and the timing model depend on the count.
struct KernelResources {
    int registers = 0;
    /// "ptxas sm_90" (run now, cached per module and architecture), "ptxas sm_90 (recorded)" (the count
    /// scripts/kernel_registers.sh shipped beside bundled PTX) or "estimated" (register_estimate.h).
    std::string registersSource;
    /// Set when ptxas compiled for an architecture other than the device's: "sm_70 is not supported by
    /// this ptxas; allocated for sm_75, the nearest it supports".
    std::string archNote;
    /// From ptxas only (nullopt otherwise): static shared memory, the per-thread stack frame in local
    /// memory, and the spill traffic.
    std::optional<std::uint64_t> sharedBytes, stackFrameBytes, spillStoreBytes, spillLoadBytes;
};

/// The module's kernels' resources on `deviceArch` (compute capability x 10), keyed by mangled name, every
/// kernel present: ptxas's counts when ptxas runs (engine/ptx/ptxas_resources.h), else the counts recorded
/// beside shipped PTX, else the estimate. The module's PTX is read from Module::sourceName.
std::map<std::string, KernelResources> moduleKernelResources(
    const ptx::Module& module, int deviceArch, const ptx::PtxasOptions& options = {});

/// compute capability x 10 ("9.0" -> 90).
int deviceArchOf(const DeviceProfile& profile);

} // namespace engine
