// PTX ISA 8.5 §9.7.4 "Half Precision Floating-Point Instructions": add, sub, mul, fma, neg, abs, min,
// max on .f16/.bf16 elements, computed exactly and rounded once (IEEE 754-2008 §4.3, §5.4.1): products in integers,
// sums as a double and its exact error (addProduct).
#include "engine/simt/half_math.h"

#include <algorithm>
#include <bit>

namespace engine::simt {

namespace {

using ptx::Rounding;

struct Fields {
    bool negative;
    unsigned exponent; ///< biased
    unsigned fraction;
};

Fields fieldsOf(std::uint16_t bits, SmallFloatFormat f)
{
    const unsigned expMax = (1u << f.exponentBits) - 1u;
    return {(bits & smallSignBit(f)) != 0, (unsigned {bits} >> f.fractionBits) & expMax, bits & ((1u << f.fractionBits) - 1u)};
}

/// A finite element as an exact significand × 2^exponent.
ExactBinary exactOf(std::uint16_t bits, SmallFloatFormat f)
{
    const Fields x = fieldsOf(bits, f);
    const int bias = static_cast<int>((1u << (f.exponentBits - 1)) - 1u);
    const int fb = static_cast<int>(f.fractionBits);
    if (x.exponent == 0)
        return {x.negative, x.fraction, 1 - bias - fb, false};
    return {x.negative, x.fraction | (1u << f.fractionBits), static_cast<int>(x.exponent) - bias - fb, false};
}

std::uint16_t flush(std::uint16_t bits, SmallFloatFormat f, bool ftz)
{
    return ftz && isSmallSubnormal(bits, f) ? static_cast<std::uint16_t>(bits & smallSignBit(f)) : bits;
}

bool isZero(std::uint16_t bits, SmallFloatFormat f)
{
    return (bits & static_cast<std::uint16_t>(~smallSignBit(f))) == 0;
}

/// The sign of an exact zero sum of operands of different signs: +0, or -0 when rounding down
/// (IEEE 754-2008 §6.3).
bool zeroSumNegative(Rounding r)
{
    return r == Rounding::Rm;
}

/// x + y for non-zero exact values. The operand with the higher leading bit is placed at bit 62; the
/// other is aligned to it, its bits below the first's last one kept as a sticky bit. The result then
/// holds at least 61 significant bits above the sticky position, far more than the 11 a rounding needs.
ExactBinary addExact(ExactBinary x, ExactBinary y, Rounding r)
{
    const auto topOf = [](const ExactBinary& v) { return 63 - std::countl_zero(v.significand) + v.exponent; };
    if (topOf(y) > topOf(x))
        std::swap(x, y);
    const int up = 62 - (63 - std::countl_zero(x.significand));
    x.significand <<= up;
    x.exponent -= up;
    const int shift = x.exponent - y.exponent;
    bool sticky = false;
    std::uint64_t ys = 0;
    if (shift <= 0) {
        ys = y.significand << -shift; // y's leading bit is not above x's: fits below bit 63
    } else if (shift < 64) {
        ys = y.significand >> shift;
        sticky = (y.significand & ((std::uint64_t {1} << shift) - 1)) != 0;
    } else {
        sticky = true;
    }
    if (x.negative == y.negative)
        return {x.negative, x.significand + ys, x.exponent, sticky};
    // Opposite signs: |x| > |y| unless the aligned magnitudes say otherwise (only possible without sticky).
    if (ys > x.significand)
        return {y.negative, ys - x.significand, x.exponent, false};
    if (ys == x.significand && !sticky)
        return {zeroSumNegative(r), 0, 0, false};
    // x - (ys + δ), 0 < δ < 1: (x - ys - 1) + (1 - δ), the second part below the last bit.
    if (sticky)
        return {x.negative, x.significand - ys - 1, x.exponent, true};
    return {x.negative, x.significand - ys, x.exponent, false};
}

/// An exact value of at most 53 significant bits (a product of two elements, or an element) as a double.
double doubleOf(const ExactBinary& v)
{
    const double magnitude = static_cast<double>(v.significand) * exactPowerOfTwo(v.exponent);
    return v.negative ? -magnitude : magnitude;
}

/// x + y for a product x and an element y, both non-zero, as addExact gives it, through doubles: x and y are
/// doubles exactly (.bf16's products reach 2^-266, far inside a double's normal range), their double sum s is
/// rounded once, and s + e = x + y exactly for e from the two-sum (Knuth, TAOCP 4.2.2, theorem B), |e| at most half
/// of s's last bit. So the exact sum is s's significand with e below its last bit as the sticky part: as it is when
/// e has s's sign, one less when e lowers it. An exact zero (s = 0) goes to addExact, for its sign.
[[gnu::always_inline]] inline ExactBinary addProduct(const ExactBinary& x, const ExactBinary& y, ptx::Rounding r)
{
    const double a = doubleOf(x);
    const double b = doubleOf(y);
    const double s = a + b;
    if (s == 0)
        return addExact(x, y, r);
    const double bVirtual = s - a;
    const double e = (a - (s - bVirtual)) + (b - bVirtual);
    const auto bits = std::bit_cast<std::uint64_t>(s);
    const std::uint64_t significand = (bits & ((std::uint64_t {1} << 52) - 1)) | (std::uint64_t {1} << 52);
    const int exponent = static_cast<int>((bits >> 52) & 0x7ffu) - 1075;
    const bool negative = s < 0;
    if (e == 0)
        return {negative, significand, exponent, false};
    const bool lowers = (e < 0) != negative;
    return {negative, lowers ? significand - 1 : significand, exponent, true};
}

/// The modifiers applied to a rounded result.
std::uint16_t finish(std::uint16_t d, SmallFloatFormat f, HalfMods m)
{
    if (isSmallNan(d, f))
        return m.sat ? std::uint16_t {0} : canonicalSmallNan(f);
    d = flush(d, f, m.ftz);
    const bool negative = (d & smallSignBit(f)) != 0;
    if ((m.sat || m.relu) && negative)
        return 0;
    const std::uint16_t one = static_cast<std::uint16_t>(((1u << (f.exponentBits - 1)) - 1u) << f.fractionBits);
    if (m.sat && d > one) // positive patterns order like their values; +inf too
        return one;
    return d;
}

[[gnu::always_inline]] inline std::uint16_t fusedIn(
    std::uint16_t a, std::uint16_t b, std::uint16_t c, bool hasAddend, SmallFloatFormat f, Rounding r, HalfMods m)
{
    a = flush(a, f, m.ftz);
    b = flush(b, f, m.ftz);
    c = flush(c, f, m.ftz);
    const std::uint16_t nan = canonicalSmallNan(f);
    if (isSmallNan(a, f) || isSmallNan(b, f) || (hasAddend && isSmallNan(c, f)))
        return finish(nan, f, m);
    const bool productNegative = ((a ^ b) & smallSignBit(f)) != 0;
    const std::uint16_t inf = static_cast<std::uint16_t>(((1u << f.exponentBits) - 1u) << f.fractionBits);
    const bool productInf = isSmallInf(a, f) || isSmallInf(b, f);
    if (productInf && (isZero(a, f) || isZero(b, f)))
        return finish(nan, f, m); // 0 × inf
    if (productInf) {
        if (hasAddend && isSmallInf(c, f) && ((c & smallSignBit(f)) != 0) != productNegative)
            return finish(nan, f, m); // inf - inf
        return finish(static_cast<std::uint16_t>(inf | (productNegative ? smallSignBit(f) : 0u)), f, m);
    }
    if (hasAddend && isSmallInf(c, f))
        return finish(c, f, m);
    const ExactBinary x = exactOf(a, f);
    const ExactBinary y = exactOf(b, f);
    const ExactBinary product {productNegative, x.significand * y.significand, x.exponent + y.exponent, false};
    const bool cZero = !hasAddend || isZero(c, f);
    if (product.significand == 0) {
        if (cZero) { // a signed zero: equal signs keep theirs, different ones give the rounding's zero
            const bool cNegative = hasAddend ? (c & smallSignBit(f)) != 0 : productNegative;
            const bool negative = productNegative == cNegative ? productNegative : zeroSumNegative(r);
            return finish(negative ? smallSignBit(f) : std::uint16_t {0}, f, m);
        }
        return finish(c, f, m);
    }
    const ExactBinary sum = cZero ? product : addProduct(product, exactOf(c, f), r);
    return finish(roundToSmallFloat(sum, f, r), f, m);
}

/// a × b + c rounded once: fusedIn's work with the format a constant where it is one of the two, so that the field
/// tests and shifts fold (a half-precision instruction runs this for every lane).
std::uint16_t fused(
    std::uint16_t a, std::uint16_t b, std::uint16_t c, bool hasAddend, SmallFloatFormat f, Rounding r, HalfMods m)
{
    if (f == kHalf)
        return fusedIn(a, b, c, hasAddend, kHalf, r, m);
    if (f == kBfloat16)
        return fusedIn(a, b, c, hasAddend, kBfloat16, r, m);
    return fusedIn(a, b, c, hasAddend, f, r, m);
}

} // namespace

std::uint16_t smallFma(std::uint16_t a, std::uint16_t b, std::uint16_t c, SmallFloatFormat f, Rounding r, HalfMods m)
{
    return fused(a, b, c, true, f, r, m);
}

std::uint16_t smallAdd(std::uint16_t a, std::uint16_t b, SmallFloatFormat f, Rounding r, HalfMods m)
{
    const std::uint16_t one = static_cast<std::uint16_t>(((1u << (f.exponentBits - 1)) - 1u) << f.fractionBits);
    return fused(a, one, b, true, f, r, m); // a × 1 is exact, so a × 1 + b rounds a + b once
}

std::uint16_t smallSub(std::uint16_t a, std::uint16_t b, SmallFloatFormat f, Rounding r, HalfMods m)
{
    return smallAdd(a, static_cast<std::uint16_t>(b ^ smallSignBit(f)), f, r, m);
}

std::uint16_t smallMul(std::uint16_t a, std::uint16_t b, SmallFloatFormat f, Rounding r, HalfMods m)
{
    return fused(a, b, 0, false, f, r, m);
}

std::uint16_t smallMinMax(
    std::uint16_t a, std::uint16_t b, SmallFloatFormat f, bool isMax, bool nanPropagates, bool ftz)
{
    a = flush(a, f, ftz);
    b = flush(b, f, ftz);
    const bool aNan = isSmallNan(a, f);
    const bool bNan = isSmallNan(b, f);
    if ((aNan && bNan) || (nanPropagates && (aNan || bNan)))
        return canonicalSmallNan(f);
    if (aNan)
        return b;
    if (bNan)
        return a;
    // Total order of non-NaN patterns with -0 below +0: sign-magnitude to a biased integer key.
    const auto key = [f](std::uint16_t v) {
        const std::uint32_t magnitude = v & static_cast<std::uint16_t>(~smallSignBit(f));
        return (v & smallSignBit(f)) ? 0x10000 - magnitude - 1 : 0x10000 + magnitude;
    };
    const bool aLess = key(a) < key(b);
    return (aLess != isMax) ? a : b;
}

std::uint16_t smallNeg(std::uint16_t a, SmallFloatFormat f, bool ftz)
{
    return static_cast<std::uint16_t>(flush(a, f, ftz) ^ smallSignBit(f));
}

std::uint16_t smallAbs(std::uint16_t a, SmallFloatFormat f, bool ftz)
{
    return static_cast<std::uint16_t>(flush(a, f, ftz) & ~smallSignBit(f));
}

double smallOperand(std::uint16_t a, SmallFloatFormat f, bool ftz)
{
    return fromSmallFloat(flush(a, f, ftz), f);
}

} // namespace engine::simt
