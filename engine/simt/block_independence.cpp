#include "engine/simt/block_independence.h"

#include <algorithm>

namespace engine::simt {

namespace {

    bool reachesGlobal(const ptx::Instruction& ins)
    {
        return ins.space == ptx::StateSpace::Global || ins.space == ptx::StateSpace::Generic;
    }

    bool strong(const ptx::Instruction& ins)
    {
        if (ins.has(ptx::FlagVolatile))
            return true;
        const bool ordered = ins.order != ptx::MemOrder::None && ins.order != ptx::MemOrder::Weak;
        return ordered && ins.scope != ptx::MemScope::Cta;
    }

    bool readsLaunchClock(const ptx::Instruction& ins)
    {
        return std::any_of(ins.operands.begin(), ins.operands.begin() + ins.operandCount, [](const ptx::Operand& o) {
            return o.kind == ptx::OperandKind::Special
                && (o.special == ptx::SpecialReg::Clock || o.special == ptx::SpecialReg::Clock64
                    || o.special == ptx::SpecialReg::Globaltimer);
        });
    }

    bool orderDependent(const ptx::Module& module, const ptx::Function& fn, const ptx::Instruction& ins)
    {
        switch (ins.opcode) {
        case ptx::Opcode::Atom:
        case ptx::Opcode::Red: return reachesGlobal(ins);
        case ptx::Opcode::Ld:
        case ptx::Opcode::St: return reachesGlobal(ins) && strong(ins);
        case ptx::Opcode::Cp:
        case ptx::Opcode::Mbarrier: return true;
        case ptx::Opcode::Call: {
            const ptx::Function& callee = module.functions[fn.callSites[ins.callSite].callee];
            return !callee.hasBody; // vprintf, or another routine the runtime supplies
        }
        default: return readsLaunchClock(ins);
        }
    }

} // namespace

bool blocksRunApart(const ptx::Module& module)
{
    return std::none_of(module.functions.begin(), module.functions.end(), [&](const ptx::Function& fn) {
        return std::any_of(fn.instructions.begin(), fn.instructions.end(),
            [&](const ptx::Instruction& ins) { return orderDependent(module, fn, ins); });
    });
}

} // namespace engine::simt
