#pragma once

#include "engine/common/result.h"
#include "engine/ptx/nvcc_locator.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace engine::ptx {

/// What ptxas allocated for one kernel (its `-v` report): registers per thread, static shared memory,
/// the stack frame in local memory and the bytes it spilled there.
struct PtxasKernelResources {
    std::string mangled;
    int registers = 0;
    int barriers = 0;
    std::uint64_t sharedBytes = 0; ///< static shared memory ("bytes smem")
    std::uint64_t stackFrameBytes = 0; ///< per-thread local memory: locals and spills
    std::uint64_t spillStoreBytes = 0;
    std::uint64_t spillLoadBytes = 0;
};

/// ptxas's report on a module, for one GPU architecture.
struct PtxasReport {
    int arch = 0; ///< the sm_XX ptxas compiled for
    std::vector<PtxasKernelResources> kernels;
    bool fromCache = false;
};

struct PtxasOptions {
    NvccSearch search = NvccSearch::fromEnvironment();
    std::filesystem::path cacheDir; ///< empty: $XDG_CACHE_HOME/warpscope/ptxas or ~/.cache/warpscope/ptxas
};

/// Which ptxas it is: its version banner and the architectures it compiles for.
struct PtxasIdentity {
    std::string version;
    std::vector<int> archs;
    bool fromCache = false;
};

/// Asks `ptxas --version` and `--help` (80 ms on the development machine: half of a short scenario's CLI run), or
/// reads what an earlier process stored in `cacheDir` for this executable when its path, size and modification
/// time are the same. Errors: ptxas did not run (IoError).
Result<PtxasIdentity> identifyPtxas(const std::filesystem::path& ptxas, const std::filesystem::path& cacheDir);

/// ptxas beside the nvcc that findNvcc picks, else on PATH, $CUDA_PATH/bin or the fallbacks; NotFound
/// when there is none.
Result<std::filesystem::path> findPtxas(const NvccSearch& search);

/// The entry functions of a `ptxas -v` report ("Compiling entry function 'K' for 'sm_90'", "N bytes stack
/// frame, S bytes spill stores, L bytes spill loads", "Used R registers, used B barriers, M bytes smem").
std::vector<PtxasKernelResources> parsePtxasReport(std::string_view output);

/// The real GPU architectures (sm_XX, no suffix) in `ptxas --help`'s "Allowed values" for --gpu-name.
std::vector<int> parsePtxasArchitectures(std::string_view help);

/// The architecture to compile for: `deviceArch` when ptxas supports it and the PTX's `.target`
/// (`ptxTarget`) allows it, else the nearest supported one at or above both (PTX for sm_XY compiles only
/// for sm_MN with MN >= XY, `ptxas --help`); 0 when none fits.
int choosePtxasArch(int deviceArch, int ptxTarget, const std::vector<int>& supported);

/// Runs `ptxas -arch=sm_XX -v` on `ptxFile` (whose text is `ptxText`) for `arch` (choosePtxasArch picks
/// it), caching the report under a hash of the PTX text, the arch and ptxas's version; the cache file is
/// written to a temporary and renamed, so concurrent processes never read half of one. Errors: ptxas
/// missing (NotFound), no architecture fits (InvalidArgument) or ptxas failed (ParseError with its output).
Result<PtxasReport> runPtxas(
    const std::filesystem::path& ptxFile, std::string_view ptxText, int deviceArch, const PtxasOptions& options);

} // namespace engine::ptx
