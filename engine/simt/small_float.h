#pragma once

#include "engine/ptx/instruction.h"

#include <bit>
#include <cstdint>

namespace engine::simt {

/// A binary floating-point format narrower than float: .f16 (5 exponent, 10 fraction bits) or .bf16
/// (8 and 7), IEEE 754-2008 layout (PTX ISA 8.5 §5.2.1).
struct SmallFloatFormat {
    unsigned exponentBits;
    unsigned fractionBits;
    friend constexpr bool operator==(const SmallFloatFormat&, const SmallFloatFormat&) = default;
};

inline constexpr SmallFloatFormat kHalf {5, 10};
inline constexpr SmallFloatFormat kBfloat16 {8, 7};

/// An exact finite binary value (-1)^negative × significand × 2^exponent, plus `sticky`: a positive amount
/// smaller than 2^exponent that was dropped below the significand's last bit (it decides rounding only).
struct ExactBinary {
    bool negative = false;
    std::uint64_t significand = 0;
    int exponent = 0;
    bool sticky = false;
};

/// Rounds an exact value to the format once, by PTX rounding `r` (.rn when None; .rna ties away), with
/// IEEE 754 gradual underflow and overflow to infinity or to the largest finite value for the directed
/// modes that round toward zero (PTX ISA 8.5 §9.7.3 rounding modifiers). A zero value gives a signed zero.
std::uint16_t roundToSmallFloat(const ExactBinary& v, SmallFloatFormat f, ptx::Rounding r);

/// Rounds `v` to the format with PTX rounding `r` (.rn when None); NaN becomes the canonical NaN.
std::uint16_t toSmallFloat(double v, SmallFloatFormat f, ptx::Rounding r);

/// The exact value of a small-float bit pattern.
double fromSmallFloat(std::uint16_t bits, SmallFloatFormat f);

/// 2^k as a double, exactly, for k of a normal double's range (-1022 to 1023): what an element's or a product's
/// exponent gives, without a call of ldexp.
inline double exactPowerOfTwo(int k)
{
    return std::bit_cast<double>(static_cast<std::uint64_t>(k + 1023) << 52);
}

/// The sign bit of the format.
inline constexpr std::uint16_t smallSignBit(SmallFloatFormat f)
{
    return static_cast<std::uint16_t>(1u << (f.exponentBits + f.fractionBits));
}

/// The all-ones exponent field of the format (infinity when the fraction is zero, else NaN).
inline constexpr std::uint16_t smallExponentMask(SmallFloatFormat f)
{
    return static_cast<std::uint16_t>(((1u << f.exponentBits) - 1u) << f.fractionBits);
}

/// The fraction field of the format.
inline constexpr std::uint16_t smallFractionMask(SmallFloatFormat f)
{
    return static_cast<std::uint16_t>((1u << f.fractionBits) - 1u);
}

/// The canonical NaN of the format (0x7fff for both .f16 and .bf16).
inline constexpr std::uint16_t canonicalSmallNan(SmallFloatFormat f)
{
    return static_cast<std::uint16_t>(smallSignBit(f) - 1u);
}

/// Field tests on a bit pattern of the format (inline: a half-precision instruction asks them of every lane).
inline constexpr bool isSmallNan(std::uint16_t bits, SmallFloatFormat f)
{
    const std::uint16_t inf = smallExponentMask(f);
    return (bits & inf) == inf && (bits & smallFractionMask(f)) != 0;
}
inline constexpr bool isSmallInf(std::uint16_t bits, SmallFloatFormat f)
{
    return (bits & static_cast<std::uint16_t>(~smallSignBit(f))) == smallExponentMask(f);
}
inline constexpr bool isSmallSubnormal(std::uint16_t bits, SmallFloatFormat f)
{
    return (bits & smallExponentMask(f)) == 0 && (bits & smallFractionMask(f)) != 0;
}

} // namespace engine::simt
