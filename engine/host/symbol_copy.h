#pragma once

#include "engine/common/result.h"
#include "engine/host/resolved_scenario.h"
#include "engine/ptx/module.h"
#include "engine/simt/device_memory.h"

#include <span>
#include <string>

namespace engine {

/// Performs a memcpy_to_symbol / memcpy_from_symbol step (cudaMemcpyToSymbol / cudaMemcpyFromSymbol,
/// Programming Guide 0.8.2 §4.5.2.3) between `buffer` (the scenario buffer's bytes) and the module variable
/// in `memory`, where `image` placed it. Returns the symbol's name as the host spells it; a user error naming
/// `stepPath` ("/steps/2") when the module has no such __constant__/__device__ variable or the copy runs past
/// its end.
Result<std::string> copySymbol(const SymbolCopyOp& op, const ptx::Module& module, const simt::ModuleImage& image,
    simt::DeviceMemory& memory, std::span<std::uint8_t> buffer, const std::string& stepPath);

} // namespace engine
