#pragma once

#include "engine/common/result.h"
#include "engine/host/resolved_scenario.h"
#include "engine/ptx/module.h"

#include <cstdint>
#include <vector>

namespace engine {

/// Builds a kernel's parameter block from a launch's arguments (DESIGN.md, scenario `args`): a buffer
/// passes its device address (plus offset), an integer is converted to the parameter's PTX type, typed
/// literals must match a parameter of their kind. Errors name the argument's JSON path.
/// `bufferAddresses` holds each scenario buffer's device address (host buffers: their mapped address).
Result<std::vector<std::uint8_t>> marshalKernelArguments(const ptx::Function& kernel,
    const std::vector<KernelArg>& args, const std::vector<std::uint64_t>& bufferAddresses, const std::string& stepPath);

} // namespace engine
