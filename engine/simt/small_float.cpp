#include "engine/simt/small_float.h"

#include <bit>
#include <cmath>

namespace engine::simt {

namespace {

struct Layout {
    unsigned expMax; ///< all-ones biased exponent (infinity / NaN)
    int bias;
    std::uint16_t sign;
    std::uint16_t inf;
    std::uint16_t fractionMask;
};

Layout layoutOf(SmallFloatFormat f)
{
    const unsigned expMax = (1u << f.exponentBits) - 1u;
    return {expMax, static_cast<int>(expMax >> 1), smallSignBit(f),
        static_cast<std::uint16_t>(expMax << f.fractionBits), static_cast<std::uint16_t>((1u << f.fractionBits) - 1u)};
}

/// Whether the kept magnitude is incremented: `guard` is the first dropped bit, `rest` any lower one.
bool roundsUp(ptx::Rounding r, bool negative, bool keptOdd, bool guard, bool rest)
{
    switch (r) {
    case ptx::Rounding::Rz:
        return false;
    case ptx::Rounding::Rm:
        return negative && (guard || rest);
    case ptx::Rounding::Rp:
        return !negative && (guard || rest);
    case ptx::Rounding::Rna:
        return guard; // ties away from zero
    default:
        return guard && (rest || keptOdd); // ties to even
    }
}

/// Overflow: .rz and the rounding away from the value's direction stop at the largest finite value.
bool overflowToInfinity(ptx::Rounding r, bool negative)
{
    return !(r == ptx::Rounding::Rz || (r == ptx::Rounding::Rm && !negative) || (r == ptx::Rounding::Rp && negative));
}

/// roundToSmallFloat's work, inlined where the format is a constant so that its fields fold.
[[gnu::always_inline]] inline std::uint16_t roundIn(const ExactBinary& v, SmallFloatFormat f, ptx::Rounding r)
{
    const Layout l = layoutOf(f);
    const std::uint16_t sign = v.negative ? l.sign : 0;
    if (v.significand == 0 && !v.sticky)
        return sign;
    // A value that is only sticky lies below 2^exponent; one bit at exponent-64 stands for it.
    const std::uint64_t m = v.significand != 0 ? v.significand : 1;
    const int mExponent = v.significand != 0 ? v.exponent : v.exponent - 64;
    const bool sticky = v.significand != 0 && v.sticky;
    const int top = 63 - std::countl_zero(m); // m = 1.xxx × 2^top
    const int fb = static_cast<int>(f.fractionBits);
    const int eMin = 1 - l.bias;
    // The quantum (weight of the last kept bit): subnormals share the minimum exponent's quantum.
    int quantum = std::max(top + mExponent, eMin) - fb;
    const int shift = quantum - mExponent;
    std::uint64_t kept = 0;
    bool guard = false;
    bool rest = sticky;
    if (shift <= 0) {
        kept = m << -shift; // exact: the value has fewer significant bits than the format
    } else {
        kept = shift >= 64 ? 0 : m >> shift;
        guard = shift <= 64 && ((m >> (shift - 1)) & 1u);
        const std::uint64_t below = shift > 64
            ? m
            : (shift == 64 ? m & ~(std::uint64_t {1} << 63) : m & ((std::uint64_t {1} << (shift - 1)) - 1));
        rest = rest || below != 0;
    }
    if (roundsUp(r, v.negative, kept & 1u, guard, rest))
        ++kept;
    if (kept >> (fb + 1)) { // rounding carried into the next binade
        kept >>= 1;
        ++quantum;
    }
    const bool normal = (kept >> fb) != 0;
    const int biased = normal ? quantum + fb + l.bias : 0;
    if (biased >= static_cast<int>(l.expMax))
        return overflowToInfinity(r, v.negative) ? (sign | l.inf) : static_cast<std::uint16_t>(sign | (l.inf - 1u));
    return static_cast<std::uint16_t>(
        sign | (static_cast<unsigned>(biased) << f.fractionBits) | (kept & l.fractionMask));
}

} // namespace

std::uint16_t roundToSmallFloat(const ExactBinary& v, SmallFloatFormat f, ptx::Rounding r)
{
    if (f == kHalf)
        return roundIn(v, kHalf, r);
    if (f == kBfloat16)
        return roundIn(v, kBfloat16, r);
    return roundIn(v, f, r);
}

std::uint16_t toSmallFloat(double v, SmallFloatFormat f, ptx::Rounding r)
{
    const Layout l = layoutOf(f);
    if (std::isnan(v))
        return canonicalSmallNan(f);
    const bool negative = std::signbit(v);
    if (std::isinf(v))
        return static_cast<std::uint16_t>((negative ? l.sign : 0u) | l.inf);
    // A double is exactly its 53-bit significand times a power of two, both in its bits (IEEE 754-2008 §3.4):
    // a subnormal's (and zero's) exponent field is 0 and its significand has no hidden bit.
    const auto bits = std::bit_cast<std::uint64_t>(v);
    const auto field = static_cast<int>((bits >> 52) & 0x7ffu);
    const std::uint64_t fraction = bits & ((std::uint64_t {1} << 52) - 1);
    if (field == 0)
        return roundToSmallFloat({negative, fraction, -1074, false}, f, r);
    return roundToSmallFloat({negative, fraction | (std::uint64_t {1} << 52), field - 1075, false}, f, r);
}

double fromSmallFloat(std::uint16_t bits, SmallFloatFormat f)
{
    const Layout l = layoutOf(f);
    const bool negative = (bits & l.sign) != 0;
    const unsigned exponent = (unsigned {bits} >> f.fractionBits) & l.expMax;
    const unsigned fraction = bits & l.fractionMask;
    const int fb = static_cast<int>(f.fractionBits);
    double v = 0;
    if (exponent == l.expMax)
        v = fraction ? std::nan("") : INFINITY;
    else if (exponent == 0) // every element is a double exactly: a power of two times at most 11 bits
        v = static_cast<double>(fraction) * exactPowerOfTwo(1 - l.bias - fb);
    else
        v = static_cast<double>(fraction | (1u << f.fractionBits))
            * exactPowerOfTwo(static_cast<int>(exponent) - l.bias - fb);
    return negative ? -v : v;
}

} // namespace engine::simt
