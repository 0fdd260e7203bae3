#include "engine/simt/matrix_fragment.h"

#include "engine/simt/matrix_values.h"
#include "engine/simt/operand_access.h"

namespace engine::simt {

namespace {

ptx::RegRef registerOf(const ExecContext& ctx, const ptx::Operand& op, std::uint32_t e)
{
    if (op.kind == ptx::OperandKind::Vector)
        return ctx.fn->vectorRegs[op.index + e];
    return ptx::RegRef {op.file, op.index};
}

} // namespace

Fragment readFragment(const ExecContext& ctx, const ptx::Operand& op, std::uint32_t count)
{
    Fragment f;
    f.count = std::min(count, Fragment::kMaxRegisters);
    for (std::uint32_t r = 0; r < f.count; ++r) {
        const ptx::RegRef reg = registerOf(ctx, op, r);
        if (reg.index == ptx::kNoPc)
            f.regs[r].fill(0);
        else
            readRegister(ctx, reg, f.regs[r]);
    }
    return f;
}

void writeFragment(ExecContext& ctx, const ptx::Operand& op, const Fragment& fragment, std::uint32_t mask)
{
    for (std::uint32_t r = 0; r < fragment.count; ++r) {
        const ptx::RegRef reg = registerOf(ctx, op, r);
        if (reg.index != ptx::kNoPc)
            writeRegister(ctx, reg, fragment.regs[r], mask);
    }
}

std::vector<double> gatherMatrix(const Fragment& fragment, const FragmentSpec& spec)
{
    const FragmentCoord extent = fragmentExtent(spec);
    std::vector<double> matrix(static_cast<std::size_t>(extent.row * extent.col), 0.0);
    const std::uint32_t perRegister = elementsPerRegister(spec.type);
    for (int lane = 0; lane < static_cast<int>(kWarpLanes); ++lane) {
        for (std::uint32_t e = 0; e < fragment.count * perRegister; ++e) {
            const FragmentCoord at = fragmentElement(spec, lane, static_cast<int>(e));
            const auto reg = static_cast<std::uint32_t>(fragment.regs[e / perRegister][static_cast<std::size_t>(lane)]);
            matrix[static_cast<std::size_t>(at.row * extent.col + at.col)]
                = matrixElement(reg, e % perRegister, spec.type);
        }
    }
    return matrix;
}

Fragment scatterMatrix(const std::vector<double>& matrix, const FragmentSpec& spec, std::uint32_t count, bool satfinite)
{
    Fragment f;
    f.count = std::min(count, Fragment::kMaxRegisters);
    const FragmentCoord extent = fragmentExtent(spec);
    const std::uint32_t perRegister = elementsPerRegister(spec.type);
    for (int lane = 0; lane < static_cast<int>(kWarpLanes); ++lane) {
        for (std::uint32_t e = 0; e < f.count * perRegister; ++e) {
            const FragmentCoord at = fragmentElement(spec, lane, static_cast<int>(e));
            auto& reg = f.regs[e / perRegister][static_cast<std::size_t>(lane)];
            reg = withMatrixElement(static_cast<std::uint32_t>(reg), e % perRegister, spec.type,
                matrix[static_cast<std::size_t>(at.row * extent.col + at.col)], satfinite);
        }
    }
    return f;
}

bool requireWholeWarp(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (mask == kAllLanes)
        return true;
    ctx.fail(FaultKind::Unsupported, static_cast<std::uint32_t>(std::countr_one(mask)),
        std::string(ptx::opcodeInfo(ins.opcode).mnemonic)
            + ".sync.aligned executed by part of a warp (PTX ISA §9.7.14: every lane of the warp must execute it)");
    return false;
}

} // namespace engine::simt
