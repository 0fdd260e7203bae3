#pragma once

#include "engine/common/result.h"
#include "engine/ptx/nvcc_locator.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace engine::ptx {

/// How a .cu file is turned into PTX.
struct NvccOptions {
    NvccSearch search = NvccSearch::fromEnvironment();
    std::filesystem::path cacheDir; ///< empty: $XDG_CACHE_HOME/warpscope/ptx or ~/.cache/warpscope/ptx
    std::vector<std::string> extraFlags; ///< e.g. "-DTILE=16", "-I/abs/include" (NvccSettings); part of the cache key
};

/// The PTX nvcc made of a .cu file.
struct CompiledPtx {
    std::string ptx;
    std::filesystem::path ptxPath; ///< the cache file holding it
    int arch = 0; ///< the compute_XX it was compiled for
    bool fromCache = false;
};

/// The compute_XX to ask nvcc for: `requested` when nvcc supports it, the oldest it supports when
/// `requested` is older still (nvcc 13 stops at compute_75; PTX is virtual, and the device model applies
/// the chosen generation's rules whatever the PTX's .target), else nothing: an architecture nvcc does not
/// know (sm_999, sm_76) is the user's error, not one to replace silently.
std::optional<int> chooseArch(int requested, const std::vector<int>& supported);

/// Compiles `cuFile` with `nvcc -ptx -lineinfo -arch=compute_XX`, caching the PTX under a hash of
/// the source, the flags and nvcc's version; a cached PTX is reused only while the project headers it
/// was compiled from (nvcc -MD, outside the toolkit and /usr) keep their contents. Errors: nvcc missing (NotFound, with the places
/// searched), or compilation failed (ParseError carrying nvcc's own diagnostics).
Result<CompiledPtx> compileCudaToPtx(
    const std::filesystem::path& cuFile, int requestedArch, const NvccOptions& options);

} // namespace engine::ptx
