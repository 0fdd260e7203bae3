#include "engine/simt/small_float.h"

#include <cmath>

namespace engine::simt {

namespace {

    /// Rounds a non-negative magnitude to an integer per the PTX rounding of the signed value.
    double roundMagnitude(double q, ptx::Rounding r, bool negative)
    {
        switch (r) {
        case ptx::Rounding::Rz: return std::trunc(q);
        case ptx::Rounding::Rm: return negative ? std::ceil(q) : std::floor(q);
        case ptx::Rounding::Rp: return negative ? std::floor(q) : std::ceil(q);
        case ptx::Rounding::Rna: return std::round(q); // ties away from zero
        default: {
            const double f = std::floor(q); // ties to even
            const double frac = q - f;
            if (frac > 0.5 || (frac == 0.5 && std::fmod(f, 2.0) != 0.0))
                return f + 1.0;
            return f;
        }
        }
    }

    /// Overflow: .rz and the rounding away from the value's direction stop at the largest finite value.
    bool overflowToInfinity(ptx::Rounding r, bool negative)
    {
        return !(r == ptx::Rounding::Rz || (r == ptx::Rounding::Rm && !negative) || (r == ptx::Rounding::Rp && negative));
    }

} // namespace

std::uint16_t toSmallFloat(double v, SmallFloatFormat f, ptx::Rounding r)
{
    const unsigned expMax = (1u << f.exponentBits) - 1u;
    const int bias = static_cast<int>(expMax >> 1);
    const auto sign = static_cast<std::uint16_t>(std::signbit(v) ? 1u << (f.exponentBits + f.fractionBits) : 0u);
    const auto inf = static_cast<std::uint16_t>(expMax << f.fractionBits);
    if (std::isnan(v))
        return static_cast<std::uint16_t>(inf | ((1u << f.fractionBits) - 1u)); // canonical NaN (0x7fff for f16)
    const bool negative = std::signbit(v);
    const double a = std::fabs(v);
    if (std::isinf(a))
        return sign | inf;
    int e = 0;
    std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1)
    int exponent = std::max(e - 1, 1 - bias); // subnormals share the minimum exponent
    double q = roundMagnitude(std::ldexp(a, static_cast<int>(f.fractionBits) - exponent), r, negative);
    if (q >= std::ldexp(1.0, static_cast<int>(f.fractionBits) + 1)) { // rounding carried into the next binade
        q /= 2;
        ++exponent;
    }
    const auto fraction = static_cast<std::uint64_t>(q);
    const bool normal = fraction >= (std::uint64_t { 1 } << f.fractionBits);
    if (exponent + bias >= static_cast<int>(expMax))
        return overflowToInfinity(r, negative) ? (sign | inf) : static_cast<std::uint16_t>(sign | (inf - 1u));
    const std::uint64_t biased = normal ? static_cast<std::uint64_t>(exponent + bias) : 0u;
    const std::uint64_t bits = (biased << f.fractionBits) | (fraction & ((std::uint64_t { 1 } << f.fractionBits) - 1u));
    return static_cast<std::uint16_t>(sign | bits);
}

double fromSmallFloat(std::uint16_t bits, SmallFloatFormat f)
{
    const unsigned expMax = (1u << f.exponentBits) - 1u;
    const int bias = static_cast<int>(expMax >> 1);
    const bool negative = (bits >> (f.exponentBits + f.fractionBits)) & 1u;
    const unsigned exponent = (bits >> f.fractionBits) & expMax;
    const unsigned fraction = bits & ((1u << f.fractionBits) - 1u);
    double v = 0;
    if (exponent == expMax)
        v = fraction ? std::nan("") : INFINITY;
    else if (exponent == 0)
        v = std::ldexp(static_cast<double>(fraction), 1 - bias - static_cast<int>(f.fractionBits));
    else
        v = std::ldexp(static_cast<double>(fraction | (1u << f.fractionBits)), static_cast<int>(exponent) - bias - static_cast<int>(f.fractionBits));
    return negative ? -v : v;
}

} // namespace engine::simt
