#include "engine/timing/pipe_class.h"

#include <algorithm>
#include <cmath>

namespace engine::timing {

namespace {

bool isMultiplyOrDivide(ptx::Opcode op)
{
    using ptx::Opcode;
    return op == Opcode::Mul || op == Opcode::Mad || op == Opcode::Mul24 || op == Opcode::Mad24 || op == Opcode::Sad
        || op == Opcode::Div || op == Opcode::Rem || op == Opcode::Madc || op == Opcode::Dp4a || op == Opcode::Dp2a;
}

Pipe arithmeticPipe(const ptx::Instruction& ins)
{
    if (ins.type == ptx::ScalarType::F64)
        return Pipe::Fp64;
    if (ins.type == ptx::ScalarType::F16 || ins.type == ptx::ScalarType::F16x2)
        return Pipe::Fp16;
    if (ins.type == ptx::ScalarType::BF16 || ins.type == ptx::ScalarType::BF16x2)
        return Pipe::Bf16;
    if (ptx::isFloatType(ins.type)) // Programming Guide 0.8.2 §6.1.1.1: FP division costs like rcp + mul
        return ins.opcode == ptx::Opcode::Div ? Pipe::Sfu : Pipe::Fp32;
    return isMultiplyOrDivide(ins.opcode) ? Pipe::IntMul : Pipe::Int;
}

Pipe memoryPipe(const ptx::Instruction& ins)
{
    switch (ins.space) {
    case ptx::StateSpace::Shared:
        return Pipe::Shared;
    // Programming Guide 0.8.2 §6.1.2.2: a constant-cache hit is as fast as reading a register.
    case ptx::StateSpace::Param:
    case ptx::StateSpace::Const:
        return Pipe::Constant;
    default:
        return Pipe::Global;
    }
}

} // namespace

Pipe pipeOf(const ptx::Instruction& ins)
{
    // wmma.load/store move fragments through the load/store unit like ld/st (PTX ISA 8.5 §9.7.14.4.1-2).
    if (ins.opcode == ptx::Opcode::Wmma && ins.matrix.op != ptx::MatrixOp::Mma)
        return memoryPipe(ins);
    switch (ptx::opcodeInfo(ins.opcode).instrClass) {
    case ptx::InstrClass::Matrix:
        return Pipe::Tensor;
    // mbarrier objects live in shared memory and are updated there (PTX ISA 8.5 §9.7.13.15.1); cp.async's
    // copies are memory accesses (timed by their kind); its group bookkeeping is an integer operation.
    case ptx::InstrClass::Async:
        return ins.opcode == ptx::Opcode::Mbarrier ? Pipe::Shared : Pipe::Int;
    case ptx::InstrClass::Arithmetic:
    case ptx::InstrClass::FloatArithmetic:
        return arithmeticPipe(ins);
    case ptx::InstrClass::Transcendental:
        return Pipe::Sfu;
    case ptx::InstrClass::Convert:
        return Pipe::Conversion;
    case ptx::InstrClass::Load:
    case ptx::InstrClass::Store:
    case ptx::InstrClass::Atomic:
        return memoryPipe(ins);
    case ptx::InstrClass::Barrier:
        return Pipe::Barrier;
    // Shuffles and votes go through the shared-memory crossbar on every generation that has them.
    case ptx::InstrClass::WarpShuffle:
    case ptx::InstrClass::WarpVote:
        return Pipe::Shared;
    default:
        return Pipe::Int;
    }
}

namespace {

const char* className(Pipe pipe)
{
    static constexpr std::array<const char*, kPipeCount> names = {
        "fp32",
        "fp64",
        "int",
        "int_mul",
        "sfu",
        "conversion",
        "shared",
        "global",
        "int",
        "barrier",
        "fp16",
        "bf16",
        "tensor",
    };
    return names[static_cast<std::size_t>(pipe)];
}

InstructionClassTiming classTiming(const DeviceProfile& profile, Pipe pipe)
{
    auto it = profile.instructions.find(className(pipe));
    if (it == profile.instructions.end() && pipe == Pipe::Bf16) // a profile that gives no separate bf16 rate
        it = profile.instructions.find(className(Pipe::Fp16));
    return it == profile.instructions.end() ? InstructionClassTiming {1, 0} : it->second;
}

/// Lanes a half-precision class's results stand for: the Programming Guide's throughput table counts
/// 16-bit results, and its units compute a pair per lane (HADD2/HMUL2/HFMA2), also for a scalar .f16
/// (the pair's other half unused), so a warp instruction takes as long as 64 results.
double resultsPerLane(Pipe pipe)
{
    return pipe == Pipe::Fp16 || pipe == Pipe::Bf16 ? 2.0 : 1.0;
}

std::uint32_t cyclesPerWarp(double lanesPerClock, double share)
{
    if (lanesPerClock <= 0)
        return 1;
    return static_cast<std::uint32_t>(std::max(1.0, std::ceil(32.0 * share / lanesPerClock - 1e-9)));
}

} // namespace

PipeTiming makePipeTiming(const DeviceProfile& profile)
{
    PipeTiming t;
    const double schedulers = std::max(1, profile.timing.warpSchedulersPerSm);
    for (std::size_t p = 0; p < kPipeCount; ++p) {
        const auto pipe = static_cast<Pipe>(p);
        const InstructionClassTiming c = classTiming(profile, pipe);
        t.latencyCycles[p] = static_cast<std::uint32_t>(std::max(1.0, c.latencyCycles));
        t.intervalCycles[p] = cyclesPerWarp(c.opsPerClockPerSm, schedulers * resultsPerLane(pipe));
    }
    // The load/store unit is shared by the SM: a warp instruction's ideal passes (two half-warps on CC 1.x,
    // opencl-programming-guide-2.3.txt §3.1.2.5) take 32 ÷ ops-per-clock cycles in all.
    const double passes = profile.sharedMemory.halfWarp ? 2.0 : 1.0;
    t.sharedCyclesPerWavefront = cyclesPerWarp(classTiming(profile, Pipe::Shared).opsPerClockPerSm, 1.0 / passes);
    t.globalCyclesPerWavefront = cyclesPerWarp(classTiming(profile, Pipe::Global).opsPerClockPerSm, 1.0 / passes);
    const auto tensor = profile.instructions.find(className(Pipe::Tensor));
    if (tensor != profile.instructions.end())
        t.tensorFmasPerCycle = tensor->second.opsPerClockPerSm / schedulers;
    return t;
}

std::uint32_t tensorWork(const ptx::Instruction& ins)
{
    if (ptx::opcodeInfo(ins.opcode).instrClass != ptx::InstrClass::Matrix
        || (ins.opcode == ptx::Opcode::Wmma && ins.matrix.op != ptx::MatrixOp::Mma))
        return 0;
    const ptx::MatrixDims d = ptx::matrixDims(ins.matrix.shape);
    const auto fmas = static_cast<std::uint32_t>(d.m * d.n * d.k);
    switch (ins.matrix.aType()) {
    case ptx::MatrixType::TF32:
        return fmas * 2;
    case ptx::MatrixType::S8:
    case ptx::MatrixType::U8:
        return fmas / 2;
    default:
        return fmas;
    }
}

std::uint32_t tensorIssueCycles(const PipeTiming& timing, std::uint32_t work)
{
    if (timing.tensorFmasPerCycle <= 0)
        return 1;
    return static_cast<std::uint32_t>(std::max(1.0, std::ceil(work / timing.tensorFmasPerCycle - 1e-9)));
}

std::uint64_t blockLaunchInterval(const DeviceProfile& profile, std::uint32_t warpsPerBlock)
{
    const auto perBlock = static_cast<std::uint64_t>(std::max(0, profile.timing.blockLaunchCycles));
    const auto perWarp = static_cast<std::uint64_t>(std::max(0, profile.timing.warpLaunchCycles));
    return std::max(perBlock, perWarp * warpsPerBlock);
}

} // namespace engine::timing
