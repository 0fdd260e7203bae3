// PTX ISA 8.5 §9.7.1 bit-manipulation and dot-product instructions: popc, clz, bfind, brev, bfe, bfi,
// dp4a, dp2a.
#include "engine/simt/op_helpers.h"

#include <bit>

namespace engine::simt {

namespace {

    bool is64(const ptx::Instruction& ins) { return ptx::typeSizeBytes(ins.type) == 8; }

    std::uint64_t low32(std::uint64_t v) { return v & 0xffffffffu; }

} // namespace

// §9.7.1.14 popc: the number of one bits (.b32/.b64; the result is .u32).
void execPopc(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const bool wide = is64(ins);
    mapUnary(ctx, ins, mask, [wide](std::uint64_t a) {
        return static_cast<std::uint64_t>(std::popcount(wide ? a : low32(a)));
    });
}

// §9.7.1.15 clz: leading zeros (32 or 64 for a zero operand).
void execClz(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const bool wide = is64(ins);
    mapUnary(ctx, ins, mask, [wide](std::uint64_t a) {
        return static_cast<std::uint64_t>(wide ? std::countl_zero(a) : std::countl_zero(static_cast<std::uint32_t>(a)));
    });
}

// §9.7.1.16 bfind: the bit position of the most significant non-sign bit (0xffffffff when none);
// .shiftamt returns the left-shift amount that would move it to the top instead.
void execBfind(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const unsigned bits = is64(ins) ? 64 : 32;
    const bool isSigned = ptx::isSignedType(ins.type);
    const bool shiftAmount = ins.has(ptx::FlagShiftAmt);
    mapUnary(ctx, ins, mask, [=](std::uint64_t a) -> std::uint64_t {
        std::uint64_t v = bits == 64 ? a : low32(a);
        if (isSigned && signExtend(v, bits) < 0)
            v = ~v & (bits == 64 ? ~std::uint64_t { 0 } : 0xffffffffu);
        if (v == 0)
            return 0xffffffffu;
        const unsigned pos = 63u - static_cast<unsigned>(std::countl_zero(v));
        return shiftAmount ? bits - 1u - pos : pos;
    });
}

// §9.7.1.17 brev: bit reversal.
void execBrev(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const bool wide = is64(ins);
    mapUnary(ctx, ins, mask, [wide](std::uint64_t a) {
        std::uint64_t r = 0;
        const unsigned n = wide ? 64 : 32;
        for (unsigned i = 0; i < n; ++i)
            r |= ((a >> i) & 1u) << (n - 1 - i);
        return r;
    });
}

// §9.7.1.18 bfe: extracts len bits at pos (both taken from bits 7..0 of b and c), zero- or sign-filled;
// a field running past the top repeats the last bit for .s types.
void execBfe(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const unsigned bits = is64(ins) ? 64 : 32;
    const bool isSigned = ptx::isSignedType(ins.type);
    LaneBits a;
    LaneBits b;
    LaneBits c;
    readOperand(ctx, ins.operands[1], ins.type, a);
    readOperand(ctx, ins.operands[2], ptx::ScalarType::U32, b);
    readOperand(ctx, ins.operands[3], ptx::ScalarType::U32, c);
    LaneBits d;
    for (std::size_t l = 0; l < kWarpLanes; ++l) {
        const unsigned pos = static_cast<unsigned>(b[l] & 0xffu);
        const unsigned len = static_cast<unsigned>(c[l] & 0xffu);
        const std::uint64_t v = bits == 64 ? a[l] : low32(a[l]);
        const bool sbit = isSigned && len != 0 && ((v >> std::min(pos + len - 1, bits - 1)) & 1u);
        std::uint64_t r = 0;
        for (unsigned i = 0; i < bits; ++i) {
            const bool bit = i < len ? (pos + i < bits ? ((v >> (pos + i)) & 1u) != 0 : sbit) : sbit;
            r |= std::uint64_t { bit } << i;
        }
        d[l] = r;
    }
    writeOperand(ctx, ins.operands[0], d, mask);
}

// §9.7.1.19 bfi: inserts the low len bits of a into b at pos (pos and len from bits 7..0 of c and d).
void execBfi(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const unsigned bits = is64(ins) ? 64 : 32;
    LaneBits a;
    LaneBits b;
    LaneBits c;
    LaneBits e;
    readOperand(ctx, ins.operands[1], ins.type, a);
    readOperand(ctx, ins.operands[2], ins.type, b);
    readOperand(ctx, ins.operands[3], ptx::ScalarType::U32, c);
    readOperand(ctx, ins.operands[4], ptx::ScalarType::U32, e);
    LaneBits d;
    for (std::size_t l = 0; l < kWarpLanes; ++l) {
        const unsigned pos = static_cast<unsigned>(c[l] & 0xffu);
        const unsigned len = static_cast<unsigned>(e[l] & 0xffu);
        std::uint64_t r = b[l];
        for (unsigned i = 0; i < len && pos + i < bits; ++i) {
            const std::uint64_t bit = std::uint64_t { 1 } << (pos + i);
            r = (r & ~bit) | (((a[l] >> i) & 1u) << (pos + i));
        }
        d[l] = r;
    }
    writeOperand(ctx, ins.operands[0], d, mask);
}

// §9.7.1.23 dp4a.atype.btype: c + the dot product of a's and b's four bytes (signed per type).
void execDp4a(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const bool sa = ptx::isSignedType(ins.type);
    const bool sb = ptx::isSignedType(ins.type2);
    mapTernary(ctx, ins, mask, ptx::ScalarType::U32, [sa, sb](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
        std::int64_t acc = signExtend(c, 32);
        for (unsigned i = 0; i < 4; ++i) {
            const std::uint64_t x = (a >> (8 * i)) & 0xffu;
            const std::uint64_t y = (b >> (8 * i)) & 0xffu;
            acc += (sa ? signExtend(x, 8) : static_cast<std::int64_t>(x)) * (sb ? signExtend(y, 8) : static_cast<std::int64_t>(y));
        }
        return static_cast<std::uint64_t>(acc) & 0xffffffffu;
    });
}

// §9.7.1.24 dp2a.lo/.hi: c + a's two 16-bit halves times two bytes of b (the low or high pair).
void execDp2a(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const bool sa = ptx::isSignedType(ins.type);
    const bool sb = ptx::isSignedType(ins.type2);
    const unsigned first = ins.has(ptx::FlagHi) ? 2 : 0;
    mapTernary(ctx, ins, mask, ptx::ScalarType::U32, [=](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
        std::int64_t acc = signExtend(c, 32);
        for (unsigned i = 0; i < 2; ++i) {
            const std::uint64_t x = (a >> (16 * i)) & 0xffffu;
            const std::uint64_t y = (b >> (8 * (first + i))) & 0xffu;
            acc += (sa ? signExtend(x, 16) : static_cast<std::int64_t>(x)) * (sb ? signExtend(y, 8) : static_cast<std::int64_t>(y));
        }
        return static_cast<std::uint64_t>(acc) & 0xffffffffu;
    });
}

} // namespace engine::simt
