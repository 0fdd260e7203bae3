#include "engine/ptx/nvcc_locator.h"

#include <cstdlib>
#include <unistd.h>

namespace engine::ptx {

namespace {

bool isExecutable(const std::filesystem::path& p)
{
    std::error_code ec;
    return std::filesystem::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

std::vector<std::filesystem::path> candidates(const NvccSearch& search)
{
    std::vector<std::filesystem::path> dirs;
    std::string_view path = search.pathEnv;
    while (!path.empty()) {
        std::size_t colon = path.find(':');
        std::string_view dir = path.substr(0, colon);
        if (!dir.empty())
            dirs.emplace_back(std::string(dir));
        path = (colon == std::string_view::npos) ? std::string_view {} : path.substr(colon + 1);
    }
    if (!search.cudaPathEnv.empty())
        dirs.push_back(std::filesystem::path(search.cudaPathEnv) / "bin");
    dirs.insert(dirs.end(), search.fallbackDirs.begin(), search.fallbackDirs.end());
    return dirs;
}

} // namespace

NvccSearch NvccSearch::fromEnvironment()
{
    NvccSearch s;
    if (const char* p = std::getenv("PATH"))
        s.pathEnv = p;
    if (const char* c = std::getenv("CUDA_PATH"))
        s.cudaPathEnv = c;
    if (const char* n = std::getenv("WARPSCOPE_NVCC"))
        s.explicitNvcc = n;
    return s;
}

std::string nvccMissingMessage(const NvccSearch& search)
{
    if (!search.explicitNvcc.empty())
        return "nvcc (the CUDA compiler) not found at " + search.explicitNvcc
            + " (named by WARPSCOPE_NVCC); fix or unset it, or open a .ptx file instead";
    std::string where = "PATH";
    where += search.cudaPathEnv.empty() ? ", $CUDA_PATH/bin (CUDA_PATH not set)" : ", " + search.cudaPathEnv + "/bin";
    for (const auto& d : search.fallbackDirs)
        where += ", " + d.string();
    return "nvcc (the CUDA compiler) not found in " + where
        + "; install the CUDA toolkit or set CUDA_PATH to compile .cu files, or open a .ptx file instead"
          " (the bundled kernels ship their PTX in resources/kernels/sm_75, sm_80, sm_90)";
}

Result<std::filesystem::path> findNvcc(const NvccSearch& search)
{
    if (!search.explicitNvcc.empty()) {
        if (isExecutable(search.explicitNvcc))
            return std::filesystem::path(search.explicitNvcc);
        return Error(ErrorCode::NotFound, nvccMissingMessage(search));
    }
    for (const auto& dir : candidates(search)) {
        std::filesystem::path p = dir / "nvcc";
        if (isExecutable(p))
            return p;
    }
    return Error(ErrorCode::NotFound, nvccMissingMessage(search));
}

} // namespace engine::ptx
