#include "engine/ptx/shared_usage.h"

#include "engine/common/align_up.h"
#include "engine/ptx/known_alignment.h"

#include <algorithm>

namespace engine::ptx {

namespace {

void markOperands(const Function& fn, std::vector<bool>& used)
{
    for (const Instruction& ins : fn.instructions) {
        for (int i = 0; i < ins.operandCount; ++i) {
            const Operand& op = ins.operands[static_cast<std::size_t>(i)];
            const bool symbol
                = op.kind == OperandKind::Symbol || (op.kind == OperandKind::Address && op.base == AddressBase::Symbol);
            if (symbol && op.scope == SymbolScope::Module && op.index < used.size())
                used[op.index] = true;
        }
    }
}

} // namespace

std::vector<bool> moduleVariablesUsedBy(const Module& module, std::uint32_t kernel)
{
    std::vector<bool> used(module.variables.size(), false);
    std::vector<bool> visited(module.functions.size(), false);
    std::vector<std::uint32_t> pending {kernel};
    while (!pending.empty()) {
        const std::uint32_t f = pending.back();
        pending.pop_back();
        if (f >= module.functions.size() || visited[f])
            continue;
        visited[f] = true;
        markOperands(module.functions[f], used);
        for (const CallSite& call : module.functions[f].callSites)
            pending.push_back(call.callee);
    }
    return used;
}

std::uint64_t layOutModuleShared(
    const Module& module, const std::vector<bool>& used, std::vector<std::uint64_t>& offsets)
{
    std::uint64_t end = 0;
    for (std::size_t i = 0; i < module.variables.size(); ++i) {
        const Variable& v = module.variables[i];
        if (v.space != StateSpace::Shared || v.isExtern || !used[i])
            continue;
        end = alignUp(end, sharedPlacementAlign(v));
        offsets[i] = end;
        end += v.sizeBytes;
    }
    return end;
}

std::uint64_t kernelStaticSharedBytes(const Module& module, std::uint32_t kernel)
{
    std::vector<std::uint64_t> offsets(module.variables.size(), 0);
    return module.functions[kernel].sharedBytes
        + layOutModuleShared(module, moduleVariablesUsedBy(module, kernel), offsets);
}

} // namespace engine::ptx
