// PTX ISA 8.5 §9.7.4 "Half Precision Floating-Point Instructions" on lanes: each .f16/.bf16 element, or
// both elements of .f16x2/.bf16x2, through the bit-exact arithmetic of half_math.h.
#include "engine/simt/ops_half.h"

#include "engine/simt/half_math.h"
#include "engine/simt/op_helpers.h"

namespace engine::simt {

namespace {

using ptx::Opcode;

template <typename Op>
void binaryHalf(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, HalfType t, Op op)
{
    mapBinary(ctx, ins, mask, [t, op](std::uint64_t a, std::uint64_t b) {
        return perElement(
            a, t.packed, [&](std::uint16_t x, int i) { return op(x, static_cast<std::uint16_t>(b >> (16 * i))); });
    });
}

} // namespace

void halfArithmetic(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, HalfType t)
{
    const SmallFloatFormat f = t.format;
    const ptx::Rounding r = ins.rounding;
    const HalfMods m {ins.has(ptx::FlagFtz), ins.has(ptx::FlagSat), ins.has(ptx::FlagRelu)};
    switch (ins.opcode) {
    case Opcode::Add:
        return binaryHalf(ctx, ins, mask, t, [=](std::uint16_t a, std::uint16_t b) { return smallAdd(a, b, f, r, m); });
    case Opcode::Sub:
        return binaryHalf(ctx, ins, mask, t, [=](std::uint16_t a, std::uint16_t b) { return smallSub(a, b, f, r, m); });
    case Opcode::Mul:
        return binaryHalf(ctx, ins, mask, t, [=](std::uint16_t a, std::uint16_t b) { return smallMul(a, b, f, r, m); });
    case Opcode::Min:
    case Opcode::Max: {
        const bool isMax = ins.opcode == Opcode::Max;
        const bool nan = ins.has(ptx::FlagNaN);
        return binaryHalf(ctx, ins, mask, t,
            [=](std::uint16_t a, std::uint16_t b) { return smallMinMax(a, b, f, isMax, nan, m.ftz); });
    }
    case Opcode::Fma:
    case Opcode::Mad:
        return mapTernary(ctx, ins, mask, ins.type, [=](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
            return perElement(a, t.packed, [&](std::uint16_t x, int i) {
                return smallFma(
                    x, static_cast<std::uint16_t>(b >> (16 * i)), static_cast<std::uint16_t>(c >> (16 * i)), f, r, m);
            });
        });
    case Opcode::Neg:
    case Opcode::Abs: {
        const bool negate = ins.opcode == Opcode::Neg;
        return mapUnary(ctx, ins, mask, [=](std::uint64_t a) {
            return perElement(a, t.packed,
                [&](std::uint16_t x, int) { return negate ? smallNeg(x, f, m.ftz) : smallAbs(x, f, m.ftz); });
        });
    }
    default:
        return unsupported(ctx, ins, "half-precision form of this instruction");
    }
}

// §9.7.4.9 ex2.approx / §9.7.4.10 tanh.approx on half elements: the function evaluated in double and
// rounded once to nearest, within the ISA's stated maximum errors for these approximations.
void halfSpecial(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, HalfType t, double (*fn)(double))
{
    const bool ftz = ins.has(ptx::FlagFtz);
    mapUnary(ctx, ins, mask, [=](std::uint64_t a) {
        return perElement(a, t.packed, [&](std::uint16_t x, int) {
            const std::uint16_t d = toSmallFloat(fn(smallOperand(x, t.format, ftz)), t.format, ptx::Rounding::Rn);
            return ftz && isSmallSubnormal(d, t.format) ? static_cast<std::uint16_t>(d & smallSignBit(t.format)) : d;
        });
    });
}

} // namespace engine::simt
