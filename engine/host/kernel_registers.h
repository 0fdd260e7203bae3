#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace engine {

/// Registers per thread that ptxas allocated for `mangledName` in `ptxFile`, from the registers.json that
/// scripts/kernel_registers.sh writes beside the shipped PTX; nullopt when the file or kernel is not there.
/// PTX itself does not say (ptxas allocates registers), and occupancy depends on it.
std::optional<int> shippedRegisterCount(const std::filesystem::path& ptxFile, const std::string& mangledName);

} // namespace engine
