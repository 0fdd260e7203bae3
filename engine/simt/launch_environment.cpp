#include "engine/simt/launch_environment.h"

#include <algorithm>

namespace engine::simt {

bool readsReservedShared(const ptx::Module& module)
{
    const auto reads = [](const ptx::Operand& op) {
        return op.kind == ptx::OperandKind::Special
            && (op.special == ptx::SpecialReg::ReservedSmemBegin || op.special == ptx::SpecialReg::ReservedSmemEnd
                || op.special == ptx::SpecialReg::ReservedSmemCap || op.special == ptx::SpecialReg::ReservedSmemOffset);
    };
    return std::any_of(module.functions.begin(), module.functions.end(), [&](const ptx::Function& fn) {
        return std::any_of(fn.instructions.begin(), fn.instructions.end(), [&](const ptx::Instruction& ins) {
            return std::any_of(ins.operands.begin(), ins.operands.begin() + ins.operandCount, reads);
        });
    });
}

std::uint64_t reservedSharedOffset(const LaunchPlan& plan, std::size_t n)
{
    return plan.reservedSharedBase + n * (plan.reservedSharedBytes / 2);
}

std::uint64_t environmentRegister(const LaunchPlan& plan, std::size_t n)
{
    if (n == 1)
        return plan.gridWorkspace >> 32;
    if (n == 2)
        return plan.gridWorkspace & 0xffffffffu;
    return 0;
}

} // namespace engine::simt
