#include "engine/profiling/instruction_mix.h"

#include <numeric>

namespace engine {

namespace {

FlopKind kindOf(ptx::ScalarType type)
{
    switch (type) {
    case ptx::ScalarType::F16:
    case ptx::ScalarType::F16x2:
    case ptx::ScalarType::BF16:
    case ptx::ScalarType::BF16x2:
        return FlopKind::Fp16;
    case ptx::ScalarType::F64:
        return FlopKind::Fp64;
    default:
        return FlopKind::Fp32;
    }
}

/// Lanes of a packed type: .f16x2 and .bf16x2 hold two values per register (PTX ISA 8.5 §5.2.1).
std::uint32_t valuesPerLane(ptx::ScalarType type)
{
    return type == ptx::ScalarType::F16x2 || type == ptx::ScalarType::BF16x2 ? 2 : 1;
}

std::uint32_t flopsPerValue(ptx::Opcode op)
{
    using ptx::Opcode;
    switch (op) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
        return 1;
    case Opcode::Fma:
    case Opcode::Mad:
        return 2;
    default:
        return 0;
    }
}

/// A warp's wmma.mma or mma: m × n × k multiply-adds of two FLOPs each (PTX ISA 8.5 §9.7.14), whatever the
/// element types; 0 for other instructions.
std::uint64_t tensorFlops(const ptx::Instruction& ins)
{
    if (ptx::opcodeInfo(ins.opcode).instrClass != ptx::InstrClass::Matrix
        || (ins.opcode == ptx::Opcode::Wmma && ins.matrix.op != ptx::MatrixOp::Mma))
        return 0;
    const ptx::MatrixDims d = ptx::matrixDims(ins.matrix.shape);
    return static_cast<std::uint64_t>(2 * d.m * d.n * d.k);
}

} // namespace

const char* toString(FlopKind kind)
{
    switch (kind) {
    case FlopKind::Fp16:
        return "fp16";
    case FlopKind::Fp32:
        return "fp32";
    case FlopKind::Fp64:
        return "fp64";
    case FlopKind::Tensor:
        return "tensor";
    }
    return "fp32";
}

LaneFlops laneFlops(const ptx::Instruction& ins)
{
    if (!ptx::isFloatType(ins.type))
        return {};
    return LaneFlops {kindOf(ins.type), flopsPerValue(ins.opcode) * valuesPerLane(ins.type)};
}

bool isIntegerOperation(const ptx::Instruction& ins)
{
    if (ptx::isFloatType(ins.type))
        return false;
    switch (ptx::opcodeInfo(ins.opcode).instrClass) {
    case ptx::InstrClass::Arithmetic:
    case ptx::InstrClass::Logic:
    case ptx::InstrClass::Compare:
        return true;
    default:
        return false;
    }
}

std::uint64_t InstructionMix::totalFlops() const
{
    return std::accumulate(flops.begin(), flops.end(), std::uint64_t {0});
}

void addInstructionMix(InstructionMix& mix, const ptx::Function& function,
    std::span<const std::uint64_t> warpExecutions, std::span<const std::uint64_t> threadExecutions)
{
    const std::size_t count = std::min(function.instructions.size(), warpExecutions.size());
    for (std::size_t pc = 0; pc < count; ++pc) {
        const auto& ins = function.instructions[pc];
        const std::uint64_t lanes = pc < threadExecutions.size() ? threadExecutions[pc] : 0;
        mix.pipeWarpInstructions[static_cast<std::size_t>(timing::pipeOf(ins))] += warpExecutions[pc];
        const auto flops = laneFlops(ins);
        mix.flops[static_cast<std::size_t>(flops.kind)] += lanes * flops.flops;
        mix.flops[static_cast<std::size_t>(FlopKind::Tensor)] += warpExecutions[pc] * tensorFlops(ins);
        if (isIntegerOperation(ins))
            mix.integerOperations += lanes;
    }
}

} // namespace engine
