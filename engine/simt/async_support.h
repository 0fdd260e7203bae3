#pragma once

#include "engine/common/error.h"
#include "engine/device/device_profile.h"
#include "engine/ptx/module.h"

#include <optional>

namespace engine::simt {

/// The lowest compute capability that executes an asynchronous-copy or mbarrier form, from the target notes of
/// PTX ISA 8.5 §9.7.9.25.3 (cp.async and its groups: sm_80), §9.7.9.25.4 (cp.async.bulk and its groups: sm_90)
/// and §9.7.13.15 (mbarrier: sm_80; try_wait, expect_tx, complete_tx and arrive.expect_tx: sm_90); nothing for
/// any other instruction.
std::optional<ComputeCapability> asyncRequirement(const ptx::Instruction& ins);

/// Refuses a launch whose kernel (or a device function of its module) holds such a form the device lacks; the
/// error names the form, its PTX line and the device.
std::optional<Error> checkAsyncSupport(const ptx::Module& module, std::uint32_t kernel, const DeviceProfile& device);

} // namespace engine::simt
