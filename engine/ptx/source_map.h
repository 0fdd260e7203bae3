#pragma once

#include "engine/ptx/module.h"

#include <filesystem>
#include <optional>

namespace engine::ptx {

/// The CUDA source file behind `.file` number `fileIndex` of a module loaded from `ptxFile`, so views
/// can show the source beside the PTX (PTX ISA 8.5 §11.5.1: `.file` names are as nvcc saw them).
/// Tries the name as it is, then beside the PTX, then one folder up (the corpus keeps PTX in sm_XX/
/// next to its .cu). Nothing when no such file exists.
std::optional<std::filesystem::path> findSourceFile(
    const Module& module, std::uint32_t fileIndex, const std::filesystem::path& ptxFile);

/// Instructions of `fn` whose `.loc` names `fileIndex` and `line`, in program order (pc values).
std::vector<std::uint32_t> pcsForSourceLine(const Function& fn, std::uint32_t fileIndex, std::uint32_t line);

} // namespace engine::ptx
