// PTX ISA 8.5 §9.7.1 "Integer Arithmetic Instructions": add, sub, mul, mad, mul24, mad24, sad, and the
// extended-precision §9.7.2 add.cc/addc/sub.cc/subc/mad.cc/madc. Float types go to ops_float.cpp.
#include "engine/simt/op_helpers.h"
#include "engine/simt/ops_float.h"
#include "engine/simt/wide_int.h"

#include <algorithm>
#include <limits>

namespace engine::simt {

namespace {

    /// §9.7.1.1 add.sat / §9.7.1.2 sub.sat (.s32 only): the result clamps to the s32 range.
    std::uint64_t saturateS32(std::int64_t v)
    {
        v = std::clamp<std::int64_t>(v, std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max());
        return toBits(static_cast<std::int32_t>(v));
    }

    template <typename T>
    void addSub(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, bool subtract)
    {
        if (ins.has(ptx::FlagSat) && std::is_same_v<T, std::int32_t>) {
            mapBinary(ctx, ins, mask, [subtract](std::uint64_t a, std::uint64_t b) {
                const std::int64_t x = fromBits<std::int32_t>(a);
                const std::int64_t y = fromBits<std::int32_t>(b);
                return saturateS32(subtract ? x - y : x + y);
            });
            return;
        }
        mapBinary(ctx, ins, mask, [subtract](std::uint64_t a, std::uint64_t b) {
            return toBits(subtract ? wrapSub(fromBits<T>(a), fromBits<T>(b)) : wrapAdd(fromBits<T>(a), fromBits<T>(b)));
        });
    }

    /// §9.7.2: d = x + y (+ CC.CF with `carryIn`), or x - y (- CC.CF), in U's width for every lane, written for the
    /// lanes of `mask`; with .cc the carry out of the addition (a borrow for subtraction) into CC.CF.
    template <typename U>
    void withCarry(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, const LaneBits& x,
        const LaneBits& y, bool subtract, bool carryIn)
    {
        LaneBits d;
        std::uint32_t carry = 0;
        for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
            const UInt128 a = static_cast<U>(x[l]);
            const UInt128 b = static_cast<U>(y[l]);
            const UInt128 c = carryIn ? (ctx.warp->carry >> l) & 1u : 0u;
            const UInt128 r = subtract ? a - b - c : a + b + c;
            d[l] = static_cast<U>(r);
            carry |= static_cast<std::uint32_t>((r >> kBits<U>) & 1u) << l; // carry out, or borrow (wrapped)
        }
        writeOperand(ctx, ins.operands[0], d, mask);
        if (ins.has(ptx::FlagCarryOut))
            ctx.warp->carry = (ctx.warp->carry & ~mask) | (carry & mask);
    }

    /// add.cc/addc/sub.cc/subc (§9.7.2.1-4).
    template <typename T>
    void carryAddSub(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, bool subtract, bool carryIn)
    {
        LaneBits a;
        LaneBits b;
        readOperand(ctx, ins.operands[1], ins.type, a);
        readOperand(ctx, ins.operands[2], ins.type, b);
        withCarry<std::make_unsigned_t<T>>(ctx, ins, mask, a, b, subtract, carryIn);
    }

    template <typename T>
    std::uint64_t mulPart(T a, T b, const ptx::Instruction& ins)
    {
        // §9.7.1.4 mul: .hi the upper half of the 2n-bit product, .wide all 2n bits, else (.lo) the lower half.
        if (ins.has(ptx::FlagHi))
            return toBits(static_cast<T>(fullProduct(a, b) >> kBits<T>));
        if (ins.has(ptx::FlagWide))
            return static_cast<std::uint64_t>(fullProduct(a, b));
        return toBits(wrapMul(a, b));
    }

    /// The type of mad's c operand: the wide type for .wide, else the instruction type.
    ptx::ScalarType addendType(const ptx::Instruction& ins)
    {
        if (!ins.has(ptx::FlagWide))
            return ins.type;
        switch (ins.type) {
        case ptx::ScalarType::S16: return ptx::ScalarType::S32;
        case ptx::ScalarType::U16: return ptx::ScalarType::U32;
        case ptx::ScalarType::S32: return ptx::ScalarType::S64;
        default: return ptx::ScalarType::U64;
        }
    }

    /// §9.7.2.5 mad.cc / §9.7.2.6 madc: d = (a * b).hi or .lo + c (+ CC.CF for madc), the carry out of that
    /// addition into CC.CF with .cc; the same for signed and unsigned types (the addition's carry is unsigned).
    template <typename T>
    void carryMad(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, bool carryIn)
    {
        LaneBits a;
        LaneBits b;
        LaneBits c;
        readOperand(ctx, ins.operands[1], ins.type, a);
        readOperand(ctx, ins.operands[2], ins.type, b);
        readOperand(ctx, ins.operands[3], ins.type, c);
        LaneBits part;
        for (std::uint32_t l = 0; l < kWarpLanes; ++l)
            part[l] = mulPart(fromBits<T>(a[l]), fromBits<T>(b[l]), ins);
        withCarry<std::make_unsigned_t<T>>(ctx, ins, mask, part, c, false, carryIn);
    }

    template <typename T>
    void mad(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, bool carryIn)
    {
        const bool wide = ins.has(ptx::FlagWide);
        const bool sat = ins.has(ptx::FlagSat) && std::is_same_v<T, std::int32_t> && ins.has(ptx::FlagHi);
        if (ins.has(ptx::FlagCarryOut) || carryIn) {
            carryMad<T>(ctx, ins, mask, carryIn);
            return;
        }
        mapTernary(ctx, ins, mask, addendType(ins), [&ins, wide, sat](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
            const std::uint64_t p = mulPart(fromBits<T>(a), fromBits<T>(b), ins);
            if (sat) // §9.7.1.5 mad.hi.sat.s32: (a*b).hi + c saturated to s32
                return saturateS32(std::int64_t { fromBits<std::int32_t>(p) } + fromBits<std::int32_t>(c));
            if (wide)
                return p + c;
            return toBits(wrapAdd(fromBits<T>(p), fromBits<T>(c)));
        });
    }

    template <typename T>
    std::uint64_t mul24(std::uint64_t a, std::uint64_t b, bool hi)
    {
        // §9.7.1.6 mul24: 24-bit operands (sign-extended for .s32) give a 48-bit product; .lo keeps bits
        // 31..0, .hi bits 47..16.
        const std::int64_t x = std::is_signed_v<T> ? signExtend(a, 24) : static_cast<std::int64_t>(a & 0xffffff);
        const std::int64_t y = std::is_signed_v<T> ? signExtend(b, 24) : static_cast<std::int64_t>(b & 0xffffff);
        const auto p = static_cast<std::uint64_t>(x * y);
        return (hi ? p >> 16 : p) & 0xffffffffu;
    }

} // namespace

void execAdd(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (ptx::isFloatType(ins.type))
        return floatArithmetic(ctx, ins, mask);
    integerOnly(ctx, ins, [&]<typename T>(T) {
        if (ins.has(ptx::FlagCarryOut))
            carryAddSub<T>(ctx, ins, mask, false, false);
        else
            addSub<T>(ctx, ins, mask, false);
    });
}

void execSub(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (ptx::isFloatType(ins.type))
        return floatArithmetic(ctx, ins, mask);
    integerOnly(ctx, ins, [&]<typename T>(T) {
        if (ins.has(ptx::FlagCarryOut))
            carryAddSub<T>(ctx, ins, mask, true, false);
        else
            addSub<T>(ctx, ins, mask, true);
    });
}

void execAddc(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    integerOnly(ctx, ins, [&]<typename T>(T) { carryAddSub<T>(ctx, ins, mask, false, true); });
}

void execSubc(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    integerOnly(ctx, ins, [&]<typename T>(T) { carryAddSub<T>(ctx, ins, mask, true, true); });
}

void execMadc(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    integerOnly(ctx, ins, [&]<typename T>(T) { mad<T>(ctx, ins, mask, true); });
}

void execMul(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (ptx::isFloatType(ins.type))
        return floatArithmetic(ctx, ins, mask);
    integerOnly(ctx, ins, [&]<typename T>(T) {
        mapBinary(ctx, ins, mask, [&ins](std::uint64_t a, std::uint64_t b) { return mulPart(fromBits<T>(a), fromBits<T>(b), ins); });
    });
}

void execMad(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (ptx::isFloatType(ins.type))
        return floatArithmetic(ctx, ins, mask);
    integerOnly(ctx, ins, [&]<typename T>(T) { mad<T>(ctx, ins, mask, false); });
}

void execMul24(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const bool hi = ins.has(ptx::FlagHi);
    if (ins.type == ptx::ScalarType::S32)
        mapBinary(ctx, ins, mask, [hi](std::uint64_t a, std::uint64_t b) { return mul24<std::int32_t>(a, b, hi); });
    else
        mapBinary(ctx, ins, mask, [hi](std::uint64_t a, std::uint64_t b) { return mul24<std::uint32_t>(a, b, hi); });
}

void execMad24(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const bool hi = ins.has(ptx::FlagHi);
    const bool s = ins.type == ptx::ScalarType::S32;
    mapTernary(ctx, ins, mask, ins.type, [hi, s](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
        const std::uint64_t p = s ? mul24<std::int32_t>(a, b, hi) : mul24<std::uint32_t>(a, b, hi);
        return (p + c) & 0xffffffffu;
    });
}

// §9.7.1.7 sad: d = c + |a - b|.
void execSad(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    integerOnly(ctx, ins, [&]<typename T>(T) {
        mapTernary(ctx, ins, mask, ins.type, [](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
            const T x = fromBits<T>(a);
            const T y = fromBits<T>(b);
            const T diff = x < y ? wrapSub(y, x) : wrapSub(x, y);
            return toBits(wrapAdd(fromBits<T>(c), diff));
        });
    });
}

} // namespace engine::simt
