#include "engine/host/module_source.h"

#include "engine/ptx/module_loader.h"

#include <algorithm>

namespace engine {

namespace {

/// nvcc 13 compiles for compute_75 and newer only (nvcc --list-gpu-arch); older devices take the oldest.
constexpr int kOldestNvccArch = 75;

int deviceArch(const DeviceProfile& profile)
{
    return std::max(kOldestNvccArch, profile.computeCapability.major * 10 + profile.computeCapability.minor);
}

} // namespace

std::filesystem::path shippedPtxFor(const std::filesystem::path& cuFile, const DeviceProfile& profile)
{
    const auto folder = cuFile.parent_path();
    const auto name = cuFile.stem().string() + ".ptx";
    std::error_code ec;
    for (int arch = deviceArch(profile); arch >= kOldestNvccArch; --arch) {
        const auto candidate = folder / ("sm_" + std::to_string(arch)) / name;
        if (std::filesystem::exists(candidate, ec))
            return candidate;
    }
    return {};
}

Result<ptx::Module> loadScenarioModule(
    const std::filesystem::path& module, const DeviceProfile& profile, const ptx::NvccSettings& nvcc)
{
    // Shipped PTX was compiled without any settings, so include folders, defines or flags mean nvcc runs.
    if (module.extension() == ".cu" && nvcc.empty()) {
        if (const auto shipped = shippedPtxFor(module, profile); !shipped.empty())
            return ptx::loadModuleFile(shipped);
    }
    ptx::LoadOptions options;
    options.arch = deviceArch(profile);
    const auto arguments = nvcc.toArguments();
    options.nvcc.extraFlags.insert(options.nvcc.extraFlags.end(), arguments.begin(), arguments.end());
    return ptx::loadModuleFile(module, options);
}

} // namespace engine
