// PTX ISA 8.5 §9.7.7 "Logic and Shift Instructions" (and §9.7.6 on .pred operands).
#include "engine/simt/op_helpers.h"

namespace engine::simt {

void execAnd(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const auto f = [](std::uint64_t a, std::uint64_t b) { return a & b; };
    if (!in_place::predicates(ctx, ins, mask, 2, f))
        mapBinary(ctx, ins, mask, f);
}

void execOr(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const auto f = [](std::uint64_t a, std::uint64_t b) { return a | b; };
    if (!in_place::predicates(ctx, ins, mask, 2, f))
        mapBinary(ctx, ins, mask, f);
}

void execXor(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const auto f = [](std::uint64_t a, std::uint64_t b) { return a ^ b; };
    if (!in_place::predicates(ctx, ins, mask, 2, f))
        mapBinary(ctx, ins, mask, f);
}

// §9.7.7.4 not: one's complement (for .pred, logical negation; registers keep only their width).
void execNot(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const auto f = [](std::uint64_t a) { return ~a; };
    if (!in_place::predicates(ctx, ins, mask, 1, [&f](std::uint64_t a, std::uint64_t) { return f(a); }))
        mapUnary(ctx, ins, mask, f);
}

// §9.7.7.5 cnot: d = (a == 0) ? 1 : 0, at the type's width.
void execCnot(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const unsigned bits = ptx::typeSizeBytes(ins.type) * 8;
    const std::uint64_t widthMask = bits >= 64 ? ~std::uint64_t { 0 } : (std::uint64_t { 1 } << bits) - 1;
    mapUnary(ctx, ins, mask, [widthMask](std::uint64_t a) -> std::uint64_t { return (a & widthMask) == 0 ? 1 : 0; });
}

// §9.7.7.6 lop3: bit i of d is bit (a_i << 2 | b_i << 1 | c_i) of the look-up table immLut.
void execLop3(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    LaneBits lut;
    readOperand(ctx, ins.operands[4], ptx::ScalarType::U32, lut);
    const std::uint64_t table = lut[0] & 0xffu;
    mapTernary(ctx, ins, mask, ins.type, [table](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
        std::uint64_t d = 0;
        for (unsigned i = 0; i < 8; ++i) {
            if (((table >> i) & 1u) == 0)
                continue;
            const std::uint64_t ta = (i & 4u) ? a : ~a;
            const std::uint64_t tb = (i & 2u) ? b : ~b;
            const std::uint64_t tc = (i & 1u) ? c : ~c;
            d |= ta & tb & tc;
        }
        return d;
    });
}

// §9.7.7.7 shl: shift amounts of the type's width or more give 0 (b is read as .u32).
void execShl(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const unsigned bits = ptx::typeSizeBytes(ins.type) * 8;
    mapShift(ctx, ins, mask, [bits](std::uint64_t a, std::uint64_t b) -> std::uint64_t {
        const std::uint64_t n = b & 0xffffffffu;
        return n >= bits ? 0 : a << n;
    });
}

// §9.7.7.8 shr: logical for .b/.u, arithmetic (sign fill) for .s; amounts clamp to the width.
void execShr(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const unsigned bits = ptx::typeSizeBytes(ins.type) * 8;
    const std::uint64_t widthMask = bits >= 64 ? ~std::uint64_t { 0 } : (std::uint64_t { 1 } << bits) - 1;
    if (ptx::isSignedType(ins.type)) { // an amount of the width or more fills with the sign: the same as width - 1
        mapShift(ctx, ins, mask, [bits](std::uint64_t a, std::uint64_t b) {
            const std::uint64_t n = std::min<std::uint64_t>(b & 0xffffffffu, bits - 1u);
            return static_cast<std::uint64_t>(signExtend(a, bits) >> n);
        });
        return;
    }
    mapShift(ctx, ins, mask, [bits, widthMask](std::uint64_t a, std::uint64_t b) -> std::uint64_t {
        const std::uint64_t n = b & 0xffffffffu;
        return n >= bits ? 0 : (a & widthMask) >> n;
    });
}

// §9.7.7.9 shf.l / shf.r: funnel shift of the 64-bit {b, a}; .clamp limits n to 32, .wrap uses n mod 32.
void execShf(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const bool left = ins.has(ptx::FlagLeft);
    const bool clamp = ins.has(ptx::FlagClamp);
    mapTernary(ctx, ins, mask, ptx::ScalarType::U32, [left, clamp](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
        const std::uint64_t n = clamp ? std::min<std::uint64_t>(c & 0xffffffffu, 32) : (c & 31u);
        const std::uint64_t v = ((b & 0xffffffffu) << 32) | (a & 0xffffffffu);
        return left ? ((v << n) >> 32) & 0xffffffffu : (v >> n) & 0xffffffffu;
    });
}

} // namespace engine::simt
