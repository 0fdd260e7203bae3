#pragma once

#include "engine/simt/exec_context.h"
#include "engine/simt/lane_values.h"

namespace engine::simt {

/// Gathers operand `op` for all 32 lanes (inactive lanes too: registers are plain data). `type` is the
/// instruction type the operand is read as; it only matters for float literals (PTX ISA 8.5 §4.5.2: a
/// double-precision literal in an .f32 instruction is converted to single precision).
void readOperand(const ExecContext& ctx, const ptx::Operand& op, ptx::ScalarType type, LaneBits& out);

/// Writes `values` to destination `op` for the lanes in `mask` (a register, or the sink `_`).
void writeOperand(ExecContext& ctx, const ptx::Operand& op, const LaneBits& values, std::uint32_t mask);

/// Writes register `reg` for the lanes in `mask`, truncating to the register's width.
void writeRegister(ExecContext& ctx, ptx::RegRef reg, const LaneBits& values, std::uint32_t mask);
void readRegister(const ExecContext& ctx, ptx::RegRef reg, LaneBits& out);

/// The predicate register `index` as a lane mask.
inline std::uint32_t predicateMask(const ExecContext& ctx, std::uint32_t index) { return ctx.pred[index]; }

/// The address a Symbol operand (or an Address's symbol base) stands for, in the variable's own space.
std::uint64_t symbolAddress(const ExecContext& ctx, const ptx::Operand& op);

/// Per-lane addresses of an Address operand ([reg + off], [var + off], [imm]).
void readAddress(const ExecContext& ctx, const ptx::Operand& op, LaneBits& out);

/// The state space of the variable an operand names (Symbol or symbol-based Address).
ptx::StateSpace symbolSpace(const ExecContext& ctx, const ptx::Operand& op);

} // namespace engine::simt
