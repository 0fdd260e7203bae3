#include "engine/simt/module_facts.h"

#include "engine/ptx/shared_usage.h"
#include "engine/simt/async_support.h"
#include "engine/simt/half_support.h"
#include "engine/simt/launch_environment.h"
#include "engine/simt/matrix_support.h"

#include <algorithm>

namespace engine::simt {

namespace {

    void raise(std::optional<ComputeCapability>& highest, const std::optional<ComputeCapability>& need)
    {
        if (need && (!highest || *highest < *need))
            highest = need;
    }

    /// The highest need of `kernel` and of every device function (checkInstructionSupport's scope).
    ModuleFacts::Needs launchNeeds(const ptx::Module& module, std::uint32_t kernel, const ModuleFacts& facts)
    {
        ModuleFacts::Needs highest;
        for (std::size_t f = 0; f < module.functions.size() && f < facts.needs.size(); ++f) {
            if (module.functions[f].isEntry && f != kernel)
                continue;
            raise(highest.half, facts.needs[f].half);
            raise(highest.matrix, facts.needs[f].matrix);
            raise(highest.async, facts.needs[f].async);
        }
        return highest;
    }

    bool tooOld(const DeviceProfile& device, const std::optional<ComputeCapability>& need)
    {
        return need && device.computeCapability < *need;
    }

} // namespace

ModuleFacts moduleFacts(const ptx::Module& module)
{
    ModuleFacts facts;
    facts.needs.resize(module.functions.size());
    facts.variablesUsedBy.resize(module.functions.size());
    facts.staticSharedBytes.resize(module.functions.size(), 0);
    for (std::size_t f = 0; f < module.functions.size(); ++f) {
        ModuleFacts::Needs& needs = facts.needs[f];
        for (const ptx::Instruction& ins : module.functions[f].instructions) {
            raise(needs.half, halfPrecisionRequirement(ins));
            raise(needs.matrix, matrixRequirement(ins));
            raise(needs.async, asyncRequirement(ins));
        }
        if (module.functions[f].isEntry) {
            const auto kernel = static_cast<std::uint32_t>(f);
            facts.variablesUsedBy[f] = ptx::moduleVariablesUsedBy(module, kernel);
            facts.staticSharedBytes[f] = ptx::kernelStaticSharedBytes(module, kernel);
        }
    }
    facts.readsReservedShared = readsReservedShared(module);
    return facts;
}

std::uint64_t kernelStaticSharedBytes(const ptx::Module& module, std::uint32_t kernel, const ModuleFacts* facts)
{
    if (facts && kernel < facts->staticSharedBytes.size())
        return facts->staticSharedBytes[kernel];
    return ptx::kernelStaticSharedBytes(module, kernel);
}

std::optional<Error> checkCapabilities(
    const ptx::Module& module, std::uint32_t kernel, const DeviceProfile& device, const ModuleFacts* facts)
{
    const std::optional<ModuleFacts::Needs> needs
        = facts ? std::optional(launchNeeds(module, kernel, *facts)) : std::nullopt;
    if (!needs || tooOld(device, needs->half)) {
        if (auto unsupported = checkHalfPrecisionSupport(module, kernel, device))
            return unsupported;
    }
    if (!needs || tooOld(device, needs->matrix)) {
        if (auto unsupported = checkMatrixSupport(module, kernel, device))
            return unsupported;
    }
    if (!needs || tooOld(device, needs->async)) {
        if (auto unsupported = checkAsyncSupport(module, kernel, device))
            return unsupported;
    }
    return std::nullopt;
}

} // namespace engine::simt
