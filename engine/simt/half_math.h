#pragma once

#include "engine/simt/small_float.h"

#include <cstdint>

namespace engine::simt {

/// The result modifiers of the half-precision instructions (PTX ISA 8.5 §9.7.4): .ftz flushes subnormal
/// inputs and results to sign-preserving zero, .sat clamps the result to [0.0, 1.0] (NaN to +0.0), .relu
/// clamps a negative result to +0.0 (NaN stays the canonical NaN).
struct HalfMods {
    bool ftz = false;
    bool sat = false;
    bool relu = false;
};

/// Bit-exact half-precision arithmetic on one element (a .f16 or .bf16 bit pattern). Every result is the
/// exact value rounded once by `r` (.rn when None); a NaN result is the canonical NaN (0x7fff).

/// §9.7.4.4 fma: a × b + c with a single rounding.
std::uint16_t smallFma(
    std::uint16_t a, std::uint16_t b, std::uint16_t c, SmallFloatFormat f, ptx::Rounding r, HalfMods m);

/// §9.7.4.1 add / §9.7.4.2 sub / §9.7.4.3 mul.
std::uint16_t smallAdd(std::uint16_t a, std::uint16_t b, SmallFloatFormat f, ptx::Rounding r, HalfMods m);
std::uint16_t smallSub(std::uint16_t a, std::uint16_t b, SmallFloatFormat f, ptx::Rounding r, HalfMods m);
std::uint16_t smallMul(std::uint16_t a, std::uint16_t b, SmallFloatFormat f, ptx::Rounding r, HalfMods m);

/// §9.7.4.7 min / §9.7.4.8 max: one NaN operand yields the other operand, two the canonical NaN; with .NaN
/// (`nanPropagates`) any NaN operand yields the canonical NaN. -0.0 counts as smaller than +0.0.
std::uint16_t smallMinMax(
    std::uint16_t a, std::uint16_t b, SmallFloatFormat f, bool isMax, bool nanPropagates, bool ftz);

/// §9.7.4.5 neg / §9.7.4.6 abs: the sign bit flipped or cleared (after .ftz flushes a subnormal).
std::uint16_t smallNeg(std::uint16_t a, SmallFloatFormat f, bool ftz);
std::uint16_t smallAbs(std::uint16_t a, SmallFloatFormat f, bool ftz);

/// The value of an operand as a double for comparisons, with .ftz flushing a subnormal to signed zero.
double smallOperand(std::uint16_t a, SmallFloatFormat f, bool ftz);

} // namespace engine::simt
