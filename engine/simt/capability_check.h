#pragma once

#include "engine/common/error.h"
#include "engine/device/device_profile.h"
#include "engine/ptx/module.h"

#include <functional>
#include <optional>
#include <string>

namespace engine::simt {

/// The targets instructions' requirements name (PTX ISA, each instruction's "Target ISA notes").
inline constexpr ComputeCapability kSm53 {5, 3};
inline constexpr ComputeCapability kSm70 {7, 0};
inline constexpr ComputeCapability kSm72 {7, 2};
inline constexpr ComputeCapability kSm75 {7, 5};
inline constexpr ComputeCapability kSm80 {8, 0};
inline constexpr ComputeCapability kSm90 {9, 0};

/// The lowest compute capability that executes an instruction's form (nothing: every device does).
using CapabilityRequirement = std::function<std::optional<ComputeCapability>(const ptx::Instruction&)>;

/// The first instruction of `kernel` (or of a device function of its module) that `device` is too old for, as
/// the error a launch reports: "launch of K: FORM needs compute capability X or later; the NAME (ID) has Y" and
/// `suffix`, at the instruction's PTX line; `form` names the instruction.
std::optional<Error> checkInstructionSupport(const ptx::Module& module, std::uint32_t kernel, const DeviceProfile& device,
    const CapabilityRequirement& requirement, const std::function<std::string(const ptx::Instruction&)>& form,
    const std::string& suffix = {});

} // namespace engine::simt
