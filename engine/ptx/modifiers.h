#pragma once

#include "engine/ptx/instruction.h"

#include <string_view>

namespace engine::ptx {

/// Applies one instruction suffix (without its dot: "f32", "global", "rn", "v4") to `ins`, whose
/// opcode is already set; the opcode decides the ambiguous ones (".lo" is a comparison on setp and
/// a half-select on mul). Returns false for a suffix the front end does not support; the caller
/// reports "unsupported modifier". A second type suffix fills type2 (cvt.f32.s32: type2 = source).
bool applyModifier(Instruction& ins, std::string_view modifier);

} // namespace engine::ptx
