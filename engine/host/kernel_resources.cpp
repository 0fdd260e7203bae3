#include "engine/host/kernel_resources.h"

#include "engine/host/kernel_registers.h"
#include "engine/host/register_estimate.h"
#include "engine/ptx/module_loader.h"

namespace engine {

namespace {

std::string smName(int arch)
{
    return "sm_" + std::to_string(arch);
}

/// ptxas's counts for every kernel it reported; false when ptxas could not run on this module.
bool fromPtxas(const ptx::Module& module, int deviceArch, const ptx::PtxasOptions& options,
    std::map<std::string, KernelResources>& out)
{
    const auto text = ptx::readTextFile(module.sourceName);
    if (!text)
        return false;
    const auto report = ptx::runPtxas(module.sourceName, *text, deviceArch, options);
    if (!report)
        return false;
    const auto note = report->arch == deviceArch
        ? std::string()
        : smName(deviceArch) + " is not supported by this ptxas (or by the PTX's .target); allocated for "
            + smName(report->arch) + ", the nearest it supports";
    for (const auto& k : report->kernels) {
        out[k.mangled] = KernelResources {k.registers, "ptxas " + smName(report->arch), note, k.sharedBytes,
            k.stackFrameBytes, k.spillStoreBytes, k.spillLoadBytes};
    }
    return true;
}

} // namespace

int deviceArchOf(const DeviceProfile& profile)
{
    return profile.computeCapability.major * 10 + profile.computeCapability.minor;
}

std::map<std::string, KernelResources> moduleKernelResources(
    const ptx::Module& module, int deviceArch, const ptx::PtxasOptions& options)
{
    std::map<std::string, KernelResources> out;
    fromPtxas(module, deviceArch, options, out);
    for (const auto* kernel : module.kernels()) {
        if (out.contains(kernel->name))
            continue;
        KernelResources resources;
        if (const auto recorded = shippedRegisterCount(module.sourceName, kernel->name)) {
            resources.registers = *recorded;
            resources.registersSource = "ptxas " + module.target + " (recorded)";
        } else {
            resources.registers = estimateRegisters(*kernel);
            resources.registersSource = "estimated";
        }
        out[kernel->name] = std::move(resources);
    }
    return out;
}

} // namespace engine
