#pragma once

#include "engine/common/result.h"
#include "engine/device/device_profile.h"
#include "engine/ptx/module.h"
#include "engine/ptx/nvcc_settings.h"

#include <filesystem>

namespace engine {

/// Loads the kernel module a scenario names, for a device. A `.ptx` file is parsed as it is. For a `.cu`
/// file, the PTX shipped beside it (`sm_XX/<name>.ptx`, for the newest XX not above the device's
/// architecture, and at least 75, nvcc 13's oldest target) is used when present, so bundled samples
/// never need nvcc; otherwise — or when `nvcc` gives include folders, defines or flags — nvcc compiles it with
/// them (engine/ptx/module_loader.h). The PTX ISA is virtual:
/// whatever its `.target`, the device model applies the chosen generation's rules to it.
Result<ptx::Module> loadScenarioModule(
    const std::filesystem::path& module, const DeviceProfile& profile, const ptx::NvccSettings& nvcc = {});

/// The shipped PTX that loadScenarioModule would use for `cuFile` on `profile`, or an empty path.
std::filesystem::path shippedPtxFor(const std::filesystem::path& cuFile, const DeviceProfile& profile);

} // namespace engine
