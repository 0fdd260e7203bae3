#pragma once

#include "engine/simt/exec_context.h"

namespace engine::simt {

/// wmma.load.{a,b,c} (PTX ISA 8.5 §9.7.14.4.1): each lane reads the elements of its fragment
/// (fragment_layout.h) from its address + (row × stride + col) × element size (row-major; column-major
/// swaps row and column), stride in elements, by default the matrix's leading dimension. Reported to the
/// memory system as one access per fragment register (one per element where a register's elements are not
/// adjacent in memory), as the equivalent ld instructions would be.
void wmmaLoad(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask);

/// wmma.store.d (§9.7.14.4.2): the inverse of wmmaLoad for the accumulator fragment.
void wmmaStore(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask);

} // namespace engine::simt
