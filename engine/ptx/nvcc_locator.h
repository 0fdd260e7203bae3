#pragma once

#include "engine/common/result.h"

#include <filesystem>
#include <string>
#include <vector>

namespace engine::ptx {

/// Where to look for nvcc, in order: each directory of PATH, $CUDA_PATH/bin, then the fallbacks.
struct NvccSearch {
    std::string pathEnv; ///< the value of PATH
    std::string cudaPathEnv; ///< the value of CUDA_PATH
    std::vector<std::filesystem::path> fallbackDirs { "/usr/local/cuda/bin" };

    /// PATH and CUDA_PATH of this process.
    static NvccSearch fromEnvironment();
};

/// The nvcc executable, or an ErrorCode::NotFound error naming the missing tool, the places
/// searched, and that .ptx files load without it.
Result<std::filesystem::path> findNvcc(const NvccSearch& search);

/// The message of the error findNvcc returns; also used when a .cu cannot be loaded.
std::string nvccMissingMessage(const NvccSearch& search);

} // namespace engine::ptx
