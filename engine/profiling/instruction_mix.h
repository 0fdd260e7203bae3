#pragma once

#include "engine/ptx/instruction.h"
#include "engine/ptx/module.h"
#include "engine/timing/pipe_class.h"

#include <array>
#include <cstdint>
#include <span>

namespace engine {

/// The floating-point precisions a roofline draws a compute ceiling for.
enum class FlopKind : std::uint8_t { Fp16, Fp32, Fp64, Tensor };
inline constexpr std::size_t kFlopKindCount = 4;

const char* toString(FlopKind kind); ///< "fp16", "fp32", "fp64", "tensor"

/// What one lane of an instruction contributes to a FLOP count, the way Nsight Compute's roofline counts
/// (sm__sass_thread_inst_executed_op_{f,d,h}{add,mul,fma}): a float add, subtract or multiply is one FLOP, a
/// fused or unfused multiply-add two, a packed .f16x2/.bf16x2 instruction twice that; every other instruction
/// (division, transcendental, min/max, compare, conversion) none. PTX ISA 8.5 §9.7.3 (add/sub/mul/fma/mad) and
/// §9.7.4 (half precision, the same mnemonics with .f16/.f16x2/.bf16/.bf16x2).
struct LaneFlops {
    FlopKind kind = FlopKind::Fp32;
    std::uint32_t flops = 0;
};
LaneFlops laneFlops(const ptx::Instruction& ins);

/// True for integer arithmetic, logic and comparisons (an integer kernel's roofline counts them).
bool isIntegerOperation(const ptx::Instruction& ins);

/// A launch's executed instructions by what they compute: FLOPs per precision, integer operations, and warp
/// instructions per execution pipe (the timing model's classes). Thread-level counts use the lanes whose guard
/// held, as ncu's *_pred_on metrics do.
struct InstructionMix {
    std::array<std::uint64_t, kFlopKindCount> flops {}; ///< by FlopKind
    std::uint64_t integerOperations = 0; ///< thread-level
    std::array<std::uint64_t, timing::kPipeCount> pipeWarpInstructions {}; ///< by timing::Pipe

    std::uint64_t totalFlops() const;
    std::uint64_t flopsOf(FlopKind kind) const { return flops[static_cast<std::size_t>(kind)]; }
    std::uint64_t warpInstructionsOn(timing::Pipe pipe) const
    {
        return pipeWarpInstructions[static_cast<std::size_t>(pipe)];
    }
};

/// Adds one function's executed instructions to `mix`: `warpExecutions[pc]` and `threadExecutions[pc]` are
/// its per-PC counters (simt::PcCounters); PCs beyond the function's instructions are ignored.
void addInstructionMix(InstructionMix& mix, const ptx::Function& function,
    std::span<const std::uint64_t> warpExecutions, std::span<const std::uint64_t> threadExecutions);

} // namespace engine
