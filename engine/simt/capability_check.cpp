#include "engine/simt/capability_check.h"

namespace engine::simt {

std::optional<Error> checkInstructionSupport(const ptx::Module& module, std::uint32_t kernel, const DeviceProfile& device,
    const CapabilityRequirement& requirement, const std::function<std::string(const ptx::Instruction&)>& form,
    const std::string& suffix)
{
    for (std::size_t f = 0; f < module.functions.size(); ++f) {
        const ptx::Function& fn = module.functions[f];
        if (fn.isEntry && f != kernel)
            continue;
        for (const ptx::Instruction& ins : fn.instructions) {
            const auto need = requirement(ins);
            if (!need || device.computeCapability >= *need)
                continue;
            return Error(ErrorCode::Unsupported,
                "launch of " + (fn.demangled.empty() ? fn.name : fn.demangled) + ": " + form(ins)
                    + " needs compute capability " + need->toString() + " or later; the " + device.name + " ("
                    + device.id + ") has " + device.computeCapability.toString() + suffix,
                SourceLocation::inFile(module.sourceName, ins.ptxLine));
        }
    }
    return std::nullopt;
}

} // namespace engine::simt
