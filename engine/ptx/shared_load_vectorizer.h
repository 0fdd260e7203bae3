#pragma once

#include "engine/ptx/module.h"

namespace engine::ptx {

/// Marks the shared-memory loads ptxas turns into one wide load. The PTX of an unrolled loop over a row
/// of a shared tile has one `ld.shared.f32` per element; ptxas emits one LDS.128 per four of them (and
/// LDS.64 per two) when they read neighbouring words off one base register whose alignment it can prove
/// (bench/hardware/h100/sass/: sharedABMultiply's 32 loads of aTile[ty][i] are 8 LDS.128, while its
/// loads of bTile[i][tx], 128 bytes apart, stay 32 LDS; Nsight Compute's smsp__inst_executed_op_shared_ld
/// counts 40 per warp, bench/hardware/h100/replay_counters_ncu.csv).
///
/// Within a straight-line stretch of code (no label, branch, call, barrier or shared store in between) the
/// non-volatile `ld.shared` of 4 or 8 bytes under one guard that address [base + offset] with the same
/// base are grouped; a run covering an aligned 16-byte chunk, where the base's known alignment
/// (known_alignment.h) makes the chunk 16-byte aligned in every lane, becomes one 16-byte load, else two
/// 4-byte loads covering an aligned 8-byte chunk become one 8-byte load. The first load of a chunk in
/// program order carries the wide access (Instruction::setMerged); the others are marked
/// FlagMergedLoad and cost no shared request of their own. The values every register receives do not change.
void vectorizeSharedLoads(Function& function, const Module& module);

} // namespace engine::ptx
