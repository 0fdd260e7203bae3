#include "engine/ptx/register_use.h"

#include "engine/ptx/async_desc.h"

namespace engine::ptx {

namespace {

    RegKey registerKey(RegFile file, std::uint32_t index)
    {
        return (static_cast<RegKey>(file) << 28) | (index & 0x0fffffffu);
    }

    /// How many leading operands an instruction writes: none for stores, reductions, barriers and control;
    /// two for the `d|p` forms (setp with two predicates, shfl with a predicate); one otherwise.
    int destinationCount(const Instruction& ins)
    {
        const InstrClass cls = opcodeInfo(ins.opcode).instrClass;
        if (cls == InstrClass::Store || cls == InstrClass::Barrier || cls == InstrClass::Control)
            return 0;
        if (ins.opcode == Opcode::Wmma && ins.matrix.op == MatrixOp::StoreD)
            return 0;
        if (cls == InstrClass::Async) // cp.async writes shared memory; of mbarrier's forms only some write a register
            return asyncWritesSlotZero(ins) && ins.operands[0].kind != OperandKind::Sink ? 1 : 0;
        if (ins.opcode == Opcode::Red || ins.opcode == Opcode::Prefetch || ins.opcode == Opcode::Prefetchu)
            return 0;
        return ins.has(FlagDualDest) ? 2 : 1;
    }

    void visitOperand(const Function& fn, const Operand& op, bool written, const std::function<void(RegKey, bool)>& visit)
    {
        switch (op.kind) {
        case OperandKind::Register: visit(registerKey(op.file, op.index), written); break;
        case OperandKind::Address:
            if (op.base == AddressBase::Register)
                visit(registerKey(op.file, op.index), false); // an address is read even where the operand is first
            break;
        case OperandKind::Vector:
            for (std::uint32_t i = 0; i < op.count && op.index + i < fn.vectorRegs.size(); ++i) {
                const RegRef& r = fn.vectorRegs[op.index + i];
                if (r.index != kNoPc) // an immediate element or a `_` sink
                    visit(registerKey(r.file, r.index), written);
            }
            break;
        default: break;
        }
    }

} // namespace

void visitRegisters(const Function& fn, const Instruction& ins, const std::function<void(RegKey, bool)>& visit)
{
    const int dsts = destinationCount(ins);
    for (int i = 0; i < ins.operandCount; ++i)
        visitOperand(fn, ins.operands[static_cast<std::size_t>(i)], i < dsts, visit);
    if (ins.guarded)
        visit(registerKey(RegFile::Pred, ins.guardReg), false);
}

} // namespace engine::ptx
