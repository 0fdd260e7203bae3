#pragma once

#include "engine/ptx/instruction.h"

#include <cstdint>

namespace engine::simt {

/// A binary floating-point format narrower than float: .f16 (5 exponent, 10 fraction bits) or .bf16
/// (8 and 7), IEEE 754-2008 layout (PTX ISA 8.5 §5.2.1).
struct SmallFloatFormat {
    unsigned exponentBits;
    unsigned fractionBits;
};

inline constexpr SmallFloatFormat kHalf { 5, 10 };
inline constexpr SmallFloatFormat kBfloat16 { 8, 7 };

/// Rounds `v` to the format with PTX rounding `r` (.rn when None); NaN becomes the canonical NaN.
std::uint16_t toSmallFloat(double v, SmallFloatFormat f, ptx::Rounding r);

/// The exact value of a small-float bit pattern.
double fromSmallFloat(std::uint16_t bits, SmallFloatFormat f);

} // namespace engine::simt
