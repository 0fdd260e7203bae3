#pragma once

#include "engine/common/result.h"

#include <filesystem>
#include <string>
#include <vector>

namespace engine::ptx {

/// Where to look for nvcc, in order: each directory of PATH, $CUDA_PATH/bin, then the fallbacks;
/// $WARPSCOPE_NVCC, when set, names the one nvcc to use instead.
struct NvccSearch {
    std::string explicitNvcc; ///< the value of WARPSCOPE_NVCC
    std::string pathEnv; ///< the value of PATH
    std::string cudaPathEnv; ///< the value of CUDA_PATH
    std::vector<std::filesystem::path> fallbackDirs {"/usr/local/cuda/bin"};

    /// PATH, CUDA_PATH and WARPSCOPE_NVCC of this process.
    static NvccSearch fromEnvironment();
};

/// The nvcc executable, or an ErrorCode::NotFound error naming the missing tool, the places
/// searched, and that .ptx files load without it.
Result<std::filesystem::path> findNvcc(const NvccSearch& search);

/// The message of the error findNvcc returns; also used when a .cu cannot be loaded.
std::string nvccMissingMessage(const NvccSearch& search);

} // namespace engine::ptx
