#pragma once

#include "engine/simt/exec_context.h"

namespace engine::simt {

/// An instruction's semantics: executes `ins` for the lanes in `mask` (the active lanes whose guard
/// predicate held). The fall-through PC is already set; control instructions change the SIMT stack.
using OpHandler = void (*)(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask);

// One handler per row of opcodes.def, defined in the ops_*.cpp file of its class.
#define PTX_OPCODE(name, mnemonic, cls, minOps, maxOps) \
    void exec##name(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask);
#include "engine/ptx/opcodes.def"
#undef PTX_OPCODE

/// The handler table, indexed by ptx::Opcode, generated from opcodes.def.
inline constexpr OpHandler kOpHandlers[] = {
#define PTX_OPCODE(name, mnemonic, cls, minOps, maxOps) &exec##name,
#include "engine/ptx/opcodes.def"
#undef PTX_OPCODE
};

inline OpHandler handlerFor(ptx::Opcode op) { return kOpHandlers[static_cast<std::size_t>(op)]; }

/// The CUDA runtime's vprintf for the lanes in `mask` (ops_printf.cpp).
void execVprintf(ExecContext& ctx, const ptx::CallSite& site, std::uint32_t mask);

/// Stops the launch with an Unsupported fault naming the instruction form.
void unsupported(ExecContext& ctx, const ptx::Instruction& ins, const char* what);

} // namespace engine::simt
