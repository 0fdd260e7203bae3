#pragma once

#include "engine/ptx/body_context.h"

namespace engine::ptx {

/// Checks the kinds of a decoded instruction's operands against its opcode, so that a statement the
/// interpreter would misread (an address where a register belongs, an immediate destination, a .v4
/// load into two registers) is a ParseError at the opcode's position instead of a wrong execution.
/// PTX ISA 8.5 §9.7: ld/st/atom take one address operand in a fixed place; destinations are registers.
void checkOperandKinds(BodyContext& ctx, const Instruction& ins, const Token& opTok);

} // namespace engine::ptx
