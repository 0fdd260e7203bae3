// PTX ISA 8.5 §9.7.9.21 cvt: conversions between every integer and floating-point type, with the
// rounding modifiers of §9.7.9.21 Table 39 and .sat/.ftz.
#include "engine/simt/float_env.h"
#include "engine/simt/op_helpers.h"
#include "engine/simt/small_float.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace engine::simt {

namespace {

using ptx::ScalarType;

/// A source value: an integer (with its signedness) or an exactly represented float.
struct Value {
    bool isFloat = false;
    bool isSigned = false;
    std::int64_t s = 0;
    std::uint64_t u = 0;
    double f = 0;
};

Value decode(std::uint64_t bits, ScalarType t, bool ftz)
{
    Value v;
    const unsigned width = ptx::typeSizeBytes(t) * 8;
    switch (t) {
    case ScalarType::F16:
        v.isFloat = true;
        v.f = fromSmallFloat(static_cast<std::uint16_t>(bits), kHalf);
        return v;
    case ScalarType::BF16:
        v.isFloat = true;
        v.f = fromSmallFloat(static_cast<std::uint16_t>(bits), kBfloat16);
        return v;
    case ScalarType::F32:
        v.isFloat = true;
        v.f = ftz ? flushSubnormal(asF32(bits)) : asF32(bits);
        return v;
    case ScalarType::F64:
        v.isFloat = true;
        v.f = asF64(bits);
        return v;
    default:
        break;
    }
    v.isSigned = ptx::isSignedType(t);
    v.s = signExtend(bits, width);
    v.u = width >= 64 ? bits : bits & ((std::uint64_t {1} << width) - 1);
    return v;
}

/// Integer destination range.
struct Range {
    double lo;
    double hi;
};

Range rangeOf(ScalarType t)
{
    const unsigned w = ptx::typeSizeBytes(t) * 8;
    if (ptx::isSignedType(t))
        return {-std::ldexp(1.0, static_cast<int>(w) - 1), std::ldexp(1.0, static_cast<int>(w) - 1) - 1};
    return {0.0, std::ldexp(1.0, static_cast<int>(w)) - 1};
}

/// float -> integer: round by .rni/.rzi/.rmi/.rpi (toward zero when none), then clamp to the
/// destination range; NaN becomes 0 (§9.7.9.21: float-to-integer conversions saturate).
std::uint64_t floatToInt(double f, ScalarType dst, ptx::Rounding r)
{
    if (std::isnan(f))
        return 0;
    switch (r) {
    case ptx::Rounding::Rni:
        f = std::nearbyint(f);
        break; // the scope set round-to-nearest-even
    case ptx::Rounding::Rmi:
        f = std::floor(f);
        break;
    case ptx::Rounding::Rpi:
        f = std::ceil(f);
        break;
    default:
        f = std::trunc(f);
        break;
    }
    const Range range = rangeOf(dst);
    if (ptx::isSignedType(dst)) {
        if (f <= range.lo)
            return static_cast<std::uint64_t>(static_cast<std::int64_t>(range.lo));
        if (f >= range.hi)
            return ptx::typeSizeBytes(dst) == 8 ? 0x7fffffffffffffffull
                                                : static_cast<std::uint64_t>(static_cast<std::int64_t>(range.hi));
        return static_cast<std::uint64_t>(static_cast<std::int64_t>(f));
    }
    if (f <= 0)
        return 0;
    if (f >= range.hi)
        return ptx::typeSizeBytes(dst) == 8 ? ~std::uint64_t {0} : static_cast<std::uint64_t>(range.hi);
    return static_cast<std::uint64_t>(f);
}

/// integer -> integer: wraps (truncates or extends by the source's signedness), or with .sat clamps.
std::uint64_t intToInt(const Value& v, ScalarType dst, bool sat)
{
    if (!sat)
        return v.isSigned ? static_cast<std::uint64_t>(v.s) : v.u;
    const unsigned w = ptx::typeSizeBytes(dst) * 8;
    if (ptx::isSignedType(dst)) {
        const std::int64_t hi = w >= 64 ? std::numeric_limits<std::int64_t>::max() : (std::int64_t {1} << (w - 1)) - 1;
        const std::int64_t lo = -hi - 1;
        if (!v.isSigned)
            return static_cast<std::uint64_t>(
                v.u > static_cast<std::uint64_t>(hi) ? hi : static_cast<std::int64_t>(v.u));
        return static_cast<std::uint64_t>(std::clamp(v.s, lo, hi));
    }
    const std::uint64_t hi = w >= 64 ? ~std::uint64_t {0} : (std::uint64_t {1} << w) - 1;
    if (v.isSigned)
        return v.s < 0 ? 0 : std::min(static_cast<std::uint64_t>(v.s), hi);
    return std::min(v.u, hi);
}

/// Rounds a float source to an integral value in its own format (cvt.rni.f32.f32 and friends).
double roundIntegral(double f, ptx::Rounding r)
{
    switch (r) {
    case ptx::Rounding::Rni:
        return std::nearbyint(f);
    case ptx::Rounding::Rzi:
        return std::trunc(f);
    case ptx::Rounding::Rmi:
        return std::floor(f);
    case ptx::Rounding::Rpi:
        return std::ceil(f);
    default:
        return f;
    }
}

/// To .f16/.bf16 with one rounding: an integer source exactly (a 64-bit integer may not fit a double),
/// a float source after .rni/.rzi/.rmi/.rpi rounds it to an integral value; then .sat clamps to
/// [0, 1] and .relu (§9.7.9.21) clamps a negative result to +0, keeping NaN canonical.
std::uint16_t toHalf(const Value& v, SmallFloatFormat format, const ptx::Instruction& ins)
{
    std::uint16_t d = 0;
    if (v.isFloat) {
        const double f = roundIntegral(v.f, ins.rounding);
        d = toSmallFloat(ins.has(ptx::FlagSat) ? saturateUnit(f) : f, format, ins.rounding);
    } else {
        const bool negative = v.isSigned && v.s < 0;
        const std::uint64_t magnitude
            = v.isSigned ? (negative ? 0 - static_cast<std::uint64_t>(v.s) : static_cast<std::uint64_t>(v.s)) : v.u;
        d = roundToSmallFloat({negative, magnitude, 0, false}, format, ins.rounding);
        if (ins.has(ptx::FlagSat))
            d = toSmallFloat(saturateUnit(fromSmallFloat(d, format)), format, ptx::Rounding::Rn);
    }
    if (ins.has(ptx::FlagRelu) && !isSmallNan(d, format) && (d & smallSignBit(format)))
        return 0;
    return d;
}

std::uint64_t toFloat(const Value& v, ScalarType dst, const ptx::Instruction& ins)
{
    const bool ftz = ins.has(ptx::FlagFtz);
    if (dst == ScalarType::F16 || dst == ScalarType::BF16 || dst == ScalarType::F16x2 || dst == ScalarType::BF16x2)
        return toHalf(v, dst == ScalarType::F16 || dst == ScalarType::F16x2 ? kHalf : kBfloat16, ins);
    if (dst == ScalarType::F64) {
        double f = v.isFloat ? roundIntegral(v.f, ins.rounding)
                             : (v.isSigned ? static_cast<double>(v.s) : static_cast<double>(v.u));
        return bitsOf(ins.has(ptx::FlagSat) ? saturateUnit(f) : f);
    }
    // .f32: a double source is rounded once by the active (scoped) rounding mode.
    float f = v.isFloat ? static_cast<float>(roundIntegral(v.f, ins.rounding))
                        : (v.isSigned ? static_cast<float>(v.s) : static_cast<float>(v.u));
    f = ftz ? flushSubnormal(f) : f;
    f = ins.has(ptx::FlagSat) ? saturateUnit(f) : f;
    return bitsOf(canonicalNan(f));
}

/// §9.7.9.21 cvt.frnd2{.relu}{.satfinite}.f16x2.f32 d, a, b (and .bf16x2): a converted into the upper
/// half of d, b into the lower half.
void convertPair(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const RoundingScope rounding(ins.rounding);
    const bool ftz = ins.has(ptx::FlagFtz);
    LaneBits a;
    LaneBits b;
    readOperand(ctx, ins.operands[1], ScalarType::F32, a);
    readOperand(ctx, ins.operands[2], ScalarType::F32, b);
    const SmallFloatFormat format = ins.type == ScalarType::F16x2 ? kHalf : kBfloat16;
    LaneBits d;
    for (std::size_t l = 0; l < kWarpLanes; ++l) {
        const std::uint64_t hi = toHalf(decode(a[l], ScalarType::F32, ftz), format, ins);
        d[l] = (hi << 16) | toHalf(decode(b[l], ScalarType::F32, ftz), format, ins);
    }
    writeOperand(ctx, ins.operands[0], d, mask);
}

} // namespace

void execCvt(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const ScalarType dst = ins.type;
    const ScalarType src = ins.type2;
    const bool packed = dst == ScalarType::F16x2 || dst == ScalarType::BF16x2;
    if (dst == ScalarType::None || src == ScalarType::None || ptx::typeSizeBytes(dst) > 8 || ptx::typeSizeBytes(src) > 8
        || src == ScalarType::F16x2 || src == ScalarType::BF16x2 || packed != (ins.operandCount == 3)
        || (packed && src != ScalarType::F32))
        return unsupported(ctx, ins, "conversion between these types");
    if (packed)
        return convertPair(ctx, ins, mask);
    const RoundingScope rounding(ins.rounding);
    const bool ftz = ins.has(ptx::FlagFtz);
    const bool sat = ins.has(ptx::FlagSat);
    LaneBits a;
    readOperand(ctx, ins.operands[1], src, a);
    LaneBits d;
    for (std::size_t l = 0; l < kWarpLanes; ++l) {
        const Value v = decode(a[l], src, ftz);
        if (ptx::isFloatType(dst))
            d[l] = toFloat(v, dst, ins);
        else if (v.isFloat)
            d[l] = floatToInt(v.f, dst, ins.rounding);
        else
            d[l] = intToInt(v, dst, sat);
    }
    writeOperand(ctx, ins.operands[0], d, mask);
}

} // namespace engine::simt
