#pragma once

#include "engine/common/result.h"
#include "engine/ptx/module.h"
#include "engine/ptx/nvcc_compiler.h"

#include <filesystem>
#include <string_view>

namespace engine::ptx {

struct LoadOptions {
    int arch = 75; ///< compute capability x 10 of the modeled device, for nvcc's -arch
    NvccOptions nvcc;
};

/// Loads a kernel module: a `.ptx` file is parsed directly; a `.cu` file is compiled by nvcc first
/// (see compileCudaToPtx). Errors name the file, and the line and column inside it where known.
Result<Module> loadModuleFile(const std::filesystem::path& file, const LoadOptions& options = {});

/// Reads a whole file; NotFound naming the file when it cannot be opened.
Result<std::string> readTextFile(const std::filesystem::path& file);

/// "sm_80", "compute_80" or "80" to 80; InvalidArgument otherwise.
Result<int> parseArch(std::string_view name);

} // namespace engine::ptx
