#pragma once

#include "engine/device/device_profile.h"
#include "engine/ptx/instruction.h"

#include <array>
#include <cstdint>

namespace engine::timing {

/// The execution pipe an instruction occupies; each maps to one instruction class of the device profile
/// (DeviceProfile::instructions), whose latency and throughput the timing model charges.
/// Fp16 and Bf16 are the half-precision units (PTX ISA 8.5 §9.7.4 instructions); CC 5.3 and later only.
/// Tensor is the tensor cores (wmma.mma and mma, PTX ISA 8.5 §9.7.14); CC 7.0 and later only.
enum class Pipe : std::uint8_t {
    Fp32,
    Fp64,
    Int,
    IntMul,
    Sfu,
    Conversion,
    Shared,
    Global,
    Constant,
    Barrier,
    Fp16,
    Bf16,
    Tensor,
};
inline constexpr std::size_t kPipeCount = 13;

/// Which pipe executes `ins`. Float arithmetic by type (f64 on the double-precision units), integer multiply
/// and divide on the multiplier, compare/logic/move on the integer units, loads and stores by state space.
/// CUDA C++ Programming Guide, "Arithmetic Instructions" throughput table (the classes the profile lists).
Pipe pipeOf(const ptx::Instruction& ins);

/// Latency and issue cost of every pipe on one device, derived once per launch from its profile.
struct PipeTiming {
    std::array<std::uint32_t, kPipeCount> latencyCycles {}; ///< dependent-issue latency
    /// Cycles a warp instruction keeps its scheduler's pipe busy: 32 lanes × schedulers ÷ ops per clock per
    /// SM (programming-guide-0.8.2.txt §6.1.1.1: 8 SPs take 4 clocks per warp instruction), at least 1.
    std::array<std::uint32_t, kPipeCount> intervalCycles {};
    /// Cycles the SM's load/store unit spends per wavefront (a 128-byte line or a shared-memory pass).
    std::uint32_t sharedCyclesPerWavefront = 1;
    std::uint32_t globalCyclesPerWavefront = 1;
    /// Dense .f16 multiply-adds one scheduler's tensor cores finish per cycle: the profile's
    /// instructions.tensor ops_per_clock_per_sm (FMA) ÷ schedulers; 0 on devices without tensor cores.
    double tensorFmasPerCycle = 0;
};

/// The work of a tensor-core instruction in dense .f16 multiply-adds: m × n × k of its shape, doubled for
/// .tf32 and halved for 8-bit integers, whose rates are half and twice the .f16 rate (NVIDIA A100 Tensor Core
/// GPU Architecture whitepaper, 2020: 156 TF32, 312 FP16/BF16, 624 INT8 dense TFLOPS/TOPS; NVIDIA H100
/// Tensor Core GPU Architecture whitepaper, 2022, SXM5: 494.7, 989.4, 1978.9). 0 for other instructions.
std::uint32_t tensorWork(const ptx::Instruction& ins);

/// Cycles a tensor instruction of `work` (tensorWork) keeps its scheduler's tensor cores busy, at least 1.
std::uint32_t tensorIssueCycles(const PipeTiming& timing, std::uint32_t work);

PipeTiming makePipeTiming(const DeviceProfile& profile);

/// Cycles between two block starts on one SM: at least `block_launch_cycles`, and `warp_launch_cycles` for each
/// warp of the block (H100 measurement, bench/hardware/h100/block_size/: 161 cycles per block with 2-4 warps,
/// 27-31 cycles per warp with 16-32).
std::uint64_t blockLaunchInterval(const DeviceProfile& profile, std::uint32_t warpsPerBlock);

} // namespace engine::timing
