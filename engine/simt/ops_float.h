#pragma once

#include "engine/simt/exec_context.h"

namespace engine::simt {

/// add/sub/mul/mad/div/abs/neg/min/max with a floating-point type (PTX ISA 8.5 §9.7.3): the shared
/// mnemonics of §9.7.1 dispatch here when the type suffix is .f32 or .f64.
void floatArithmetic(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask);

} // namespace engine::simt
