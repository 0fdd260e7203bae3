#pragma once

#include "engine/common/error.h"
#include "engine/device/device_profile.h"
#include "engine/ptx/module.h"

#include <optional>

namespace engine::simt {

/// The lowest compute capability that executes `ins`'s half-precision form, from the target notes of
/// PTX ISA 8.5 §9.7.4 (and §9.7.5, §9.7.9.21 for comparisons and conversions); nothing when `ins` has no
/// half-precision operation or runs on every target.
std::optional<ComputeCapability> halfPrecisionRequirement(const ptx::Instruction& ins);

/// Refuses a launch whose kernel (or any device function of its module) holds a half-precision instruction
/// that the device's compute capability lacks; the error names the instruction, its PTX line and the device.
std::optional<Error> checkHalfPrecisionSupport(
    const ptx::Module& module, std::uint32_t kernel, const DeviceProfile& device);

} // namespace engine::simt
