#pragma once

#include "engine/ptx/module.h"
#include "engine/ptx/register_use.h"
#include "engine/timing/pipe_class.h"

#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace engine::timing {

/// A register as the scoreboard names it: a ptx::RegKey from analyzeFunction, a number 0 .. n-1 after
/// numberRegisters.
using RegKey = ptx::RegKey;

/// What the timing model needs to know about one instruction, computed once per launch from the PTX:
/// its pipe, and the registers it reads and writes (for the scoreboard, DIGEST §1.10: a load stalls a warp
/// only when a later instruction reads the register it writes).
struct StaticInstruction {
    // wmma.load.c with .f32 writes 8 registers; wmma.mma reads up to 24 (PTX ISA 8.5 §9.7.14.4.1 fragments).
    static constexpr int kMaxDst = 8;
    static constexpr int kMaxSrc = 24;

    Pipe pipe = Pipe::Int;
    bool waitsAtBarrier = false; ///< bar.sync / barrier.sync (not bar.arrive, membar or fences)
    bool compareAndSwap = false; ///< atom.cas (AtomicUnits and shared atomics cost it more)
    bool branch = false; ///< bra: when taken, the warp's next instruction waits SmContext::branchTakenCycles
    std::uint32_t tensorWork = 0; ///< pipe_class.h tensorWork: dense .f16 FMAs of a tensor-core instruction
    ptx::AsyncOp asyncOp = ptx::AsyncOp::None; ///< cp.async / cp.async.bulk / mbarrier form (async_groups.h)
    std::uint8_t asyncKeepGroups = 0; ///< wait_group N: the newest N groups may stay pending
    std::uint8_t dstCount = 0;
    std::uint8_t srcCount = 0;
    std::array<RegKey, kMaxDst> dst {};
    std::array<RegKey, kMaxSrc> src {};
};
static_assert(std::is_trivially_copyable_v<StaticInstruction>);

/// One entry per instruction of `fn`, indexed by PC.
std::vector<StaticInstruction> analyzeFunction(const ptx::Function& fn);

/// Where each function's instructions start in one table of all the module's instructions, functions in
/// Module order: instruction `pc` of function `f` is entry functionBases(module)[f] + pc.
std::vector<std::uint32_t> functionBases(const ptx::Module& module);

/// Renumbers the registers of `table` 0, 1, 2, ... in the order they first appear (one key, one number, across
/// all its functions: a callee's register shares its caller's entry when their keys are equal). The scoreboard
/// indexes its positions by these numbers; registerCount says how many there are.
void numberRegisters(std::vector<StaticInstruction>& table);

/// analyzeFunction of every function of `module` in that one table, its registers numbered (numberRegisters).
std::vector<StaticInstruction> analyzeModuleFlat(const ptx::Module& module);

/// How many registers the numbered `table` names (1 + its highest number; 0 when none).
std::uint32_t registerCount(const std::vector<StaticInstruction>& table);

/// A module's table (analyzeModuleFlat) with its registerCount: what every timed launch of the module reads.
struct StaticTable {
    std::vector<StaticInstruction> instructions;
    std::uint32_t registers = 0;
};
StaticTable makeStaticTable(const ptx::Module& module);

} // namespace engine::timing
