#include "engine/ptx/known_alignment.h"

#include <algorithm>
#include <bit>

namespace engine::ptx {

namespace {

    std::uint32_t lowestBit(std::uint64_t value)
    {
        if (value == 0)
            return KnownAlignment::kUnbounded;
        return static_cast<std::uint32_t>(std::min<std::uint64_t>(value & (~value + 1), KnownAlignment::kUnbounded));
    }

    std::uint32_t product(std::uint32_t a, std::uint32_t b)
    {
        return static_cast<std::uint32_t>(std::min<std::uint64_t>(std::uint64_t { a } * b, KnownAlignment::kUnbounded));
    }

    bool tracked(RegFile file) { return file == RegFile::B32 || file == RegFile::B64; }

} // namespace

std::uint32_t sharedPlacementAlign(const Variable& variable)
{
    const std::uint32_t declared = std::max<std::uint32_t>(variable.align, 1);
    if (variable.space != StateSpace::Shared || variable.isExtern || variable.sizeBytes == 0 || variable.sizeBytes % 16 != 0)
        return declared;
    return std::max<std::uint32_t>(declared, 16);
}

KnownAlignment::KnownAlignment(const Function& function, const Module& module)
    : m_function(function)
    , m_module(module)
{
    for (std::size_t f = 0; f < kRegFileCount; ++f)
        m_align[f].assign(function.registers.counts[f], kUnbounded);
    // Alignments only fall, so iterating to a fixed point terminates (at most log2(kUnbounded) falls each).
    for (bool changed = true; changed;) {
        changed = false;
        for (const Instruction& ins : function.instructions) {
            const Operand& dst = ins.operands[0];
            if (ins.operandCount == 0 || dst.kind != OperandKind::Register || !tracked(dst.file))
                continue;
            auto& slot = m_align[static_cast<std::size_t>(dst.file)][dst.index];
            const std::uint32_t value = std::min(slot, ofDefinition(ins));
            changed = changed || value != slot;
            slot = value;
        }
    }
}

std::uint32_t KnownAlignment::ofRegister(RegFile file, std::uint32_t index) const
{
    const auto& align = m_align[static_cast<std::size_t>(file)];
    return tracked(file) && index < align.size() ? align[index] : 1;
}

std::uint32_t KnownAlignment::ofAddressBase(const Operand& address) const
{
    if (address.base == AddressBase::Register)
        return ofRegister(address.file, address.index);
    if (address.base == AddressBase::Symbol) {
        Operand symbol = address;
        symbol.kind = OperandKind::Symbol;
        return ofOperand(symbol);
    }
    return lowestBit(static_cast<std::uint64_t>(address.value));
}

std::uint32_t KnownAlignment::ofOperand(const Operand& operand) const
{
    switch (operand.kind) {
    case OperandKind::Register: return ofRegister(operand.file, operand.index);
    case OperandKind::Immediate: return operand.isFloat ? 1 : lowestBit(static_cast<std::uint64_t>(operand.value));
    case OperandKind::Symbol: {
        const auto& variables = operand.scope == SymbolScope::Function ? m_function.variables : m_module.variables;
        if (operand.index >= variables.size() || variables[operand.index].space != StateSpace::Shared)
            return 1; // where ptxas and the driver put other variables is not known
        return sharedPlacementAlign(variables[operand.index]);
    }
    default: return 1;
    }
}

std::uint32_t KnownAlignment::ofDefinition(const Instruction& ins) const
{
    const auto a = [&](std::size_t i) { return ofOperand(ins.operands[i]); };
    if (isFloatType(ins.type) || ins.has(FlagHi))
        return 1;
    switch (ins.opcode) {
    case Opcode::Mov:
    case Opcode::Cvta:
    case Opcode::Cvt: return ins.operandCount == 2 ? a(1) : 1;
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Or:
    case Opcode::Xor: return std::min(a(1), a(2));
    case Opcode::And: return std::max(a(1), a(2));
    case Opcode::Mul: return product(a(1), a(2));
    case Opcode::Mad: return std::min(product(a(1), a(2)), a(3));
    case Opcode::Shl:
        if (ins.operands[2].kind != OperandKind::Immediate || ins.operands[2].value < 0 || ins.operands[2].value > 16)
            return 1;
        return product(a(1), 1U << ins.operands[2].value);
    default: return 1;
    }
}

} // namespace engine::ptx
