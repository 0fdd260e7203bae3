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
int addressSlot(const Instruction& ins)
{
    switch (ins.opcode) {
    case Opcode::Ld:
    case Opcode::Ldu:
    case Opcode::Atom:
    case Opcode::Ldmatrix:
        return 1;
    case Opcode::Stmatrix:
        return 0;
    case Opcode::Wmma: // §9.7.14.4.1 wmma.load d, [a]{, stride}; §9.7.14.4.2 wmma.store [a], d{, stride}
        return ins.matrix.op == MatrixOp::Mma ? -1 : ins.matrix.op == MatrixOp::StoreD ? 0 : 1;
    case Opcode::St:
    case Opcode::Red:
    case Opcode::Prefetch:
    case Opcode::Prefetchu:
        return 0;
    default:
        return -1;
    }
}

/// Whether slot 0 is a destination register (most instructions: PTX ISA 8.5 §9.3 "d, a, b").
bool writesSlotZero(const Instruction& ins)
{
    if (ins.opcode == Opcode::Wmma && ins.matrix.op == MatrixOp::StoreD)
        return false;
    switch (ins.opcode) {
    case Opcode::Stmatrix:
    case Opcode::St:
    case Opcode::Red:
    case Opcode::Prefetch:
    case Opcode::Prefetchu:
    case Opcode::Bra:
    case Opcode::Call:
    case Opcode::Bar:
    case Opcode::Barrier:
    case Opcode::Nanosleep:
    case Opcode::Pmevent:
        return false;
    default:
        return true;
    }
}

bool isPred(const Operand& op)
{
    return op.kind == OperandKind::Register && op.file == RegFile::Pred;
}

/// Whether `slot` must hold a predicate register (PTX ISA 8.5 §9.7.5.1 setp `p[|q], a, b[, c]`,
/// §9.7.5.2 set `d, a, b[, c]`, §9.7.5.3 selp `d, a, b, c`, §9.7.8.6 shfl `d[|p], ...`).
bool expectsPredicate(const Instruction& ins, int slot)
{
    switch (ins.opcode) {
    case Opcode::Setp:
        return slot == 0 || (slot == 1 && ins.has(FlagDualDest))
            || (slot == ins.operandCount - 1 && ins.mode2 != OpMode::None);
    case Opcode::Set:
        return slot == ins.operandCount - 1 && ins.mode2 != OpMode::None;
    case Opcode::Selp:
        return slot == 3;
    case Opcode::Bar: // §9.7.13.1 bar.red.op d, a{, b}, {!}c: c is the predicate reduced
    case Opcode::Barrier:
        return ins.mode2 != OpMode::None && slot == ins.operandCount - 1;
    case Opcode::Testp: // §9.7.3.2 testp p, a
    case Opcode::Isspacep: // §9.7.8.4 isspacep p, a
        return slot == 0;
    case Opcode::Shfl:
    case Opcode::Elect: // elect.sync d|p, membermask
        return slot == 1 && ins.has(FlagDualDest);
    case Opcode::Mbarrier: // §9.7.13.15.16 mbarrier.test_wait/try_wait waitComplete, [addr], state
        return slot == 0 && (ins.async.op == AsyncOp::TestWait || ins.async.op == AsyncOp::TryWait);
    default:
        return false;
    }
}

// A predicate where a value belongs (or a value where a predicate belongs) would be read from
// the wrong register file; instructions typed .pred (mov.pred, and.pred, vote.pred ...) are fine.
void checkPredicates(BodyContext& ctx, const Instruction& ins, const std::string& name, const Token& opTok)
{
    if (ins.type == ScalarType::Pred || ins.opcode == Opcode::Vote || ins.opcode == Opcode::Match)
        return;
    for (int i = 0; i < ins.operandCount; ++i) {
        const Operand& op = ins.operands[static_cast<std::size_t>(i)];
        if (op.kind != OperandKind::Register)
            continue;
        // §9.7.9.25.3.1 cp.async's fourth operand is src-size (an integer) or ignore-src (a predicate).
        if (ins.opcode == Opcode::Cp && i == 3)
            continue;
        bool wantPred = expectsPredicate(ins, i);
        if (wantPred != isPred(op))
            ctx.cur.fail(opTok,
                name + ": operand " + std::to_string(i + 1)
                    + (wantPred ? " must be a .pred register" : " cannot be a .pred register"));
    }
}

// PTX ISA 8.5 §6.4.1: an address register holds a 32- or 64-bit address.
void checkAddressBase(BodyContext& ctx, const Operand& op, const std::string& name, const Token& opTok)
{
    if (op.base == AddressBase::Register && op.file != RegFile::B32 && op.file != RegFile::B64)
        ctx.cur.fail(opTok, name + ": an address register must be 32 or 64 bits wide");
}

/// Instructions whose every non-predicate register operand has the instruction type's size
/// (PTX ISA 8.5 §6.4.3: only ld, st and cvt accept wider operands; shifts, .wide and bit-field
/// positions have their own sizes and are left out).
bool operandsMatchType(const Instruction& ins)
{
    switch (ins.opcode) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Addc:
    case Opcode::Subc:
    case Opcode::Min:
    case Opcode::Max:
    case Opcode::Abs:
    case Opcode::Neg:
    case Opcode::Div:
    case Opcode::Rem:
    case Opcode::And:
    case Opcode::Or:
    case Opcode::Xor:
    case Opcode::Not:
    case Opcode::Cnot:
    case Opcode::Fma:
    case Opcode::Rcp:
    case Opcode::Sqrt:
    case Opcode::Rsqrt:
    case Opcode::Sin:
    case Opcode::Cos:
    case Opcode::Lg2:
    case Opcode::Ex2:
    case Opcode::Tanh:
    case Opcode::Copysign:
    case Opcode::Selp:
    case Opcode::Setp:
        return true;
    case Opcode::Mul:
    case Opcode::Mad:
        return !ins.has(FlagWide);
    default:
        return false;
    }
}

// A 64-bit register in a .s32 add would be read from the wrong register file by the interpreter.
void checkRegisterSizes(BodyContext& ctx, const Instruction& ins, const std::string& name, const Token& opTok)
{
    if (!operandsMatchType(ins) || ins.type == ScalarType::None || ins.type == ScalarType::Pred)
        return;
    const RegFile want = regFileFor(ins.type);
    for (int i = 0; i < ins.operandCount; ++i) {
        const Operand& op = ins.operands[static_cast<std::size_t>(i)];
        if (op.kind == OperandKind::Register && op.file != RegFile::Pred && op.file != want)
            ctx.cur.fail(opTok,
                name + ": operand " + std::to_string(i + 1) + " is not a " + std::to_string(8 * typeSizeBytes(ins.type))
                    + "-bit register, as ." + std::string(scalarTypeName(ins.type)) + " requires");
    }
}

// PTX ISA 8.5 §9.7.14: a fragment is a vector of exactly the fragment's 32-bit registers; a single register
// stands for a one-register fragment.
void checkMatrixOperand(BodyContext& ctx, const Instruction& ins, int slot, const std::string& name, const Token& opTok)
{
    const Operand& op = ins.operands[static_cast<std::size_t>(slot)];
    const std::uint32_t want = matrixOperandRegisters(ins, slot);
    if (want == 0)
        return;
    const std::uint32_t found = op.kind == OperandKind::Vector ? op.count : op.kind == OperandKind::Register ? 1 : 0;
    bool wide = op.kind == OperandKind::Register && op.file == RegFile::B32;
    if (op.kind == OperandKind::Vector) {
        wide = true;
        for (std::uint32_t e = 0; e < op.count; ++e)
            wide = wide && ctx.fn.vectorRegs[op.index + e].file == RegFile::B32;
    }
    if (found != want || !wide)
        ctx.cur.fail(opTok,
            name + ": operand " + std::to_string(slot + 1) + " must be " + std::to_string(want)
                + " 32-bit registers (a fragment of this shape and type), found " + std::to_string(found)
                + (wide ? "" : " not all 32-bit"));
}

} // namespace

void checkOperandKinds(BodyContext& ctx, const Instruction& ins, const Token& opTok)
{
    const std::string name(opTok.text);
    const bool async = opcodeInfo(ins.opcode).instrClass == InstrClass::Async;
    const int single = addressSlot(ins);
    const std::uint32_t addresses = async ? asyncAddressSlots(ins) : single >= 0 ? 1U << single : 0U;
    for (int i = 0; i < ins.operandCount; ++i) {
        const Operand& op = ins.operands[static_cast<std::size_t>(i)];
        const bool isAddressSlot = ((addresses >> i) & 1U) != 0;
        if (isAddressSlot && op.kind != OperandKind::Address)
            ctx.cur.fail(opTok, name + ": operand " + std::to_string(i + 1) + " must be an address [...]");
        if (op.kind == OperandKind::Address)
            checkAddressBase(ctx, op, name, opTok);
        if (!isAddressSlot && op.kind == OperandKind::Address)
            ctx.cur.fail(opTok, name + ": operand " + std::to_string(i + 1) + " cannot be an address");
        if (!isAddressSlot && !isValue(op) && op.kind != OperandKind::Sink && op.kind != OperandKind::Label)
            ctx.cur.fail(opTok, name + ": operand " + std::to_string(i + 1) + " is not a value");
        if (opcodeInfo(ins.opcode).instrClass == InstrClass::Matrix || ins.opcode == Opcode::Ldmatrix
            || ins.opcode == Opcode::Stmatrix) {
            checkMatrixOperand(ctx, ins, i, name, opTok);
            continue;
        }
        if (single >= 0 && op.kind == OperandKind::Vector && op.count != ins.vectorWidth)
            ctx.cur.fail(opTok,
                name + ": a ." + "v" + std::to_string(ins.vectorWidth) + " access needs "
                    + std::to_string(ins.vectorWidth) + " registers in braces, found " + std::to_string(op.count));
    }
    const bool writesZero = async ? asyncWritesSlotZero(ins) : writesSlotZero(ins);
    if (ins.operandCount > 0 && writesZero && !isRegisterLike(ins.operands[0]))
        ctx.cur.fail(opTok, name + ": the destination must be a register");
    checkPredicates(ctx, ins, name, opTok);
    checkRegisterSizes(ctx, ins, name, opTok);
    if (ins.opcode == Opcode::Bra && ins.operands[0].kind != OperandKind::Label)
        ctx.cur.fail(
            opTok, "bra: the target must be a label (indirect branches are unsupported)", ErrorCode::Unsupported);
}

} // namespace engine::ptx
