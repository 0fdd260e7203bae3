// PTX ISA 8.5 §9.7.14 "Warp Level Matrix Multiply-Accumulate Instructions": wmma.mma and mma.sync; the
// wmma loads and stores, ldmatrix and stmatrix are in ops_matrix_memory.cpp.
#include "engine/simt/matrix_fragment.h"
#include "engine/simt/matrix_ops.h"
#include "engine/simt/matrix_values.h"
#include "engine/simt/ops.h"

namespace engine::simt {

namespace {

FragmentSpec specOf(const ptx::Instruction& ins, FragmentRole role, ptx::MatrixType type, bool rowMajor)
{
    return FragmentSpec {ins.opcode == ptx::Opcode::Wmma, ins.matrix.shape, type, role, rowMajor};
}

/// D = A × B + C over the whole warp's fragments (§9.7.14.4.3 wmma.mma, §9.7.14.5.14 mma).
void multiply(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (!requireWholeWarp(ctx, ins, mask))
        return;
    const ptx::MatrixDesc& d = ins.matrix;
    const FragmentSpec a = specOf(ins, FragmentRole::A, d.aType(), d.rowA);
    const FragmentSpec b = specOf(ins, FragmentRole::B, d.bType(), d.rowB);
    const FragmentSpec c = specOf(ins, FragmentRole::C, d.cType(), true);
    const FragmentSpec out = specOf(ins, FragmentRole::C, d.dType(), true);
    const std::vector<double> ma
        = gatherMatrix(readFragment(ctx, ins.operands[1], ptx::matrixOperandRegisters(ins, 1)), a);
    const std::vector<double> mb
        = gatherMatrix(readFragment(ctx, ins.operands[2], ptx::matrixOperandRegisters(ins, 2)), b);
    const std::vector<double> mc
        = gatherMatrix(readFragment(ctx, ins.operands[3], ptx::matrixOperandRegisters(ins, 3)), c);
    const ptx::MatrixDims dims = ptx::matrixDims(d.shape);
    std::vector<double> md(mc.size());
    multiplyAccumulate(dims.m, dims.n, dims.k, ma, mb, mc, md);
    writeFragment(ctx, ins.operands[0], scatterMatrix(md, out, ptx::matrixOperandRegisters(ins, 0), d.satfinite), mask);
}

} // namespace

void execWmma(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    switch (ins.matrix.op) {
    case ptx::MatrixOp::Mma:
        multiply(ctx, ins, mask);
        break;
    case ptx::MatrixOp::StoreD:
        wmmaStore(ctx, ins, mask);
        break;
    default:
        wmmaLoad(ctx, ins, mask);
        break;
    }
}

void execMma(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    multiply(ctx, ins, mask);
}

} // namespace engine::simt
