// PTX ISA 8.5 §9.7.1 integer div, rem, abs, neg, min, max (float types go to ops_float.cpp).
#include "engine/simt/op_helpers.h"
#include "engine/simt/ops_float.h"
#include "engine/simt/wide_int.h"

#include <limits>

namespace engine::simt {

namespace {

    // §9.7.1.8 div: "Division by zero yields an unspecified, machine-specific value." warpscope gives
    // all ones (the unsigned maximum, or -1 for signed types). The one signed overflow, MIN / -1,
    // wraps to MIN.
    template <typename T>
    T divide(T a, T b)
    {
        if (b == 0)
            return static_cast<T>(~std::make_unsigned_t<T> { 0 });
        if constexpr (std::is_signed_v<T>) {
            if (a == std::numeric_limits<T>::min() && b == -1)
                return a;
        }
        return static_cast<T>(a / b);
    }

    // §9.7.1.9 rem: the remainder has the sign of the dividend (C semantics). By zero the value is
    // unspecified; warpscope returns the dividend. MIN % -1 is 0.
    template <typename T>
    T remainder(T a, T b)
    {
        if (b == 0)
            return a;
        if constexpr (std::is_signed_v<T>) {
            if (b == -1)
                return 0;
        }
        return static_cast<T>(a % b);
    }

} // namespace

void execDiv(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (ptx::isFloatType(ins.type))
        return floatArithmetic(ctx, ins, mask);
    integerOnly(ctx, ins, [&]<typename T>(T) {
        mapBinary(ctx, ins, mask, [](std::uint64_t a, std::uint64_t b) { return toBits(divide(fromBits<T>(a), fromBits<T>(b))); });
    });
}

void execRem(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    integerOnly(ctx, ins, [&]<typename T>(T) {
        mapBinary(ctx, ins, mask, [](std::uint64_t a, std::uint64_t b) { return toBits(remainder(fromBits<T>(a), fromBits<T>(b))); });
    });
}

// §9.7.1.10 abs / §9.7.1.11 neg: two's complement, so abs(MIN) and neg(MIN) are MIN.
void execAbs(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (ptx::isFloatType(ins.type))
        return floatArithmetic(ctx, ins, mask);
    integerOnly(ctx, ins, [&]<typename T>(T) {
        mapUnary(ctx, ins, mask, [](std::uint64_t a) {
            const T x = fromBits<T>(a);
            if constexpr (std::is_signed_v<T>)
                return toBits(x < 0 ? wrapSub(T { 0 }, x) : x);
            return toBits(x);
        });
    });
}

void execNeg(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (ptx::isFloatType(ins.type))
        return floatArithmetic(ctx, ins, mask);
    integerOnly(ctx, ins, [&]<typename T>(T) {
        mapUnary(ctx, ins, mask, [](std::uint64_t a) { return toBits(wrapSub(T { 0 }, fromBits<T>(a))); });
    });
}

// §9.7.1.12 min / §9.7.1.13 max: signed or unsigned by the type suffix.
void execMin(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (ptx::isFloatType(ins.type))
        return floatArithmetic(ctx, ins, mask);
    integerOnly(ctx, ins, [&]<typename T>(T) {
        mapBinary(ctx, ins, mask, [](std::uint64_t a, std::uint64_t b) {
            return toBits(std::min(fromBits<T>(a), fromBits<T>(b)));
        });
    });
}

void execMax(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (ptx::isFloatType(ins.type))
        return floatArithmetic(ctx, ins, mask);
    integerOnly(ctx, ins, [&]<typename T>(T) {
        mapBinary(ctx, ins, mask, [](std::uint64_t a, std::uint64_t b) {
            return toBits(std::max(fromBits<T>(a), fromBits<T>(b)));
        });
    });
}

} // namespace engine::simt
