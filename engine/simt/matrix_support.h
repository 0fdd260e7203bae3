#pragma once

#include "engine/common/error.h"
#include "engine/device/device_profile.h"
#include "engine/ptx/module.h"

#include <optional>
#include <string>

namespace engine::simt {

/// The lowest compute capability that executes a matrix instruction's form, from the target notes of PTX ISA
/// 8.5 §9.7.14.4 (wmma: .f16 sm_70, .s8/.u8 sm_72, .bf16/.tf32 sm_80), §9.7.14.5.14 (mma: m16n8k8 .f16 and
/// m8n8k16 sm_75, the other shapes and .bf16/.tf32 sm_80), §9.7.14.5.15 (ldmatrix sm_75) and §9.7.14.5.16
/// (stmatrix sm_90); nothing for any other instruction.
std::optional<ComputeCapability> matrixRequirement(const ptx::Instruction& ins);

/// "mma.m16n8k16.f32.bf16": the form named in messages.
std::string matrixFormName(const ptx::Instruction& ins);

/// Refuses a launch whose kernel (or a device function of its module) holds a tensor-core instruction that
/// the device lacks (none before CC 7.0); the error names the instruction, its PTX line and the device.
std::optional<Error> checkMatrixSupport(const ptx::Module& module, std::uint32_t kernel, const DeviceProfile& device);

} // namespace engine::simt
