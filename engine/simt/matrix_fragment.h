#pragma once

#include "engine/simt/exec_context.h"
#include "engine/simt/fragment_layout.h"
#include "engine/simt/lane_values.h"

#include <array>
#include <vector>

namespace engine::simt {

/// The registers of one fragment operand, per lane (at most eight: PTX ISA 8.5 §9.7.14.4.1).
struct Fragment {
    static constexpr std::uint32_t kMaxRegisters = 8;
    std::uint32_t count = 0;
    std::array<LaneBits, kMaxRegisters> regs {};
};

/// Reads the `count` registers of a fragment operand (a vector, or one register); `_` elements read 0.
Fragment readFragment(const ExecContext& ctx, const ptx::Operand& op, std::uint32_t count);

/// Writes a fragment operand's registers for the lanes in `mask`.
void writeFragment(ExecContext& ctx, const ptx::Operand& op, const Fragment& fragment, std::uint32_t mask);

/// The whole matrix a warp's fragment holds, row-major (fragment_layout.h gives each element's place).
std::vector<double> gatherMatrix(const Fragment& fragment, const FragmentSpec& spec);

/// The fragment of `count` registers that holds `matrix` (row-major), converted to spec.type.
Fragment scatterMatrix(
    const std::vector<double>& matrix, const FragmentSpec& spec, std::uint32_t count, bool satfinite);

/// Fails the launch when not every lane of the warp executes a .sync.aligned matrix instruction (PTX ISA
/// 8.5 §9.7.14: the instruction needs all threads of the warp, else its behavior is undefined).
bool requireWholeWarp(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask);

} // namespace engine::simt
