#include "engine/ptx/operand_checks.h"

namespace engine::ptx {

namespace {

    bool isRegisterLike(const Operand& op)
    {
        return op.kind == OperandKind::Register || op.kind == OperandKind::Vector || op.kind == OperandKind::Sink;
    }

    bool isValue(const Operand& op)
    {
        return op.kind == OperandKind::Register || op.kind == OperandKind::Immediate || op.kind == OperandKind::Special
            || op.kind == OperandKind::Vector || op.kind == OperandKind::Symbol;
    }

    /// Which operand slot holds the address (-1: none) for the memory instructions.
    int addressSlot(Opcode op)
    {
        switch (op) {
        case Opcode::Ld: case Opcode::Ldu: case Opcode::Atom: return 1;
        case Opcode::St: case Opcode::Red: case Opcode::Prefetch: case Opcode::Prefetchu: return 0;
        default: return -1;
        }
    }

    /// Whether slot 0 is a destination register (most instructions: PTX ISA 8.5 §9.3 "d, a, b").
    bool writesSlotZero(Opcode op)
    {
        switch (op) {
        case Opcode::St: case Opcode::Red: case Opcode::Prefetch: case Opcode::Prefetchu: case Opcode::Bra:
        case Opcode::Call: case Opcode::Bar: case Opcode::Barrier: case Opcode::Nanosleep: case Opcode::Pmevent:
            return false;
        default:
            return true;
        }
    }

} // namespace

void checkOperandKinds(BodyContext& ctx, const Instruction& ins, const Token& opTok)
{
    const std::string name(opTok.text);
    const int addr = addressSlot(ins.opcode);
    for (int i = 0; i < ins.operandCount; ++i) {
        const Operand& op = ins.operands[static_cast<std::size_t>(i)];
        if (i == addr && op.kind != OperandKind::Address)
            ctx.cur.fail(opTok, name + ": operand " + std::to_string(i + 1) + " must be an address [...]");
        if (i != addr && op.kind == OperandKind::Address)
            ctx.cur.fail(opTok, name + ": operand " + std::to_string(i + 1) + " cannot be an address");
        if (i != addr && !isValue(op) && op.kind != OperandKind::Sink && op.kind != OperandKind::Label)
            ctx.cur.fail(opTok, name + ": operand " + std::to_string(i + 1) + " is not a value");
        if (addr >= 0 && op.kind == OperandKind::Vector && op.count != ins.vectorWidth)
            ctx.cur.fail(opTok, name + ": a ." + "v" + std::to_string(ins.vectorWidth) + " access needs "
                    + std::to_string(ins.vectorWidth) + " registers in braces, found " + std::to_string(op.count));
    }
    if (ins.operandCount > 0 && writesSlotZero(ins.opcode) && !isRegisterLike(ins.operands[0]))
        ctx.cur.fail(opTok, name + ": the destination must be a register");
    if (ins.opcode == Opcode::Bra && ins.operands[0].kind != OperandKind::Label)
        ctx.cur.fail(opTok, "bra: the target must be a label (indirect branches are unsupported)", ErrorCode::Unsupported);
}

} // namespace engine::ptx
