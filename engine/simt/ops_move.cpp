// PTX ISA 8.5 §9.7.9.1 mov (with vector packing and unpacking) and §9.7.9.2 prmt.
#include "engine/simt/op_helpers.h"

namespace engine::simt {

namespace {

    // mov.b64 d, {a, b}: element 0 is the least significant (§9.7.9.1 "mov ... pack").
    void pack(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
    {
        const ptx::Operand& src = ins.operands[1];
        const unsigned width = ptx::typeSizeBytes(ins.type) * 8 / src.count;
        LaneBits d {};
        for (std::uint32_t e = 0; e < src.count; ++e) {
            LaneBits v;
            const ptx::RegRef reg = ctx.fn->vectorRegs[src.index + e];
            if (reg.index == ptx::kNoPc) // an immediate element (or `_`, read as 0)
                v.fill(ctx.fn->vectorImmediates[src.index + e]);
            else
                readRegister(ctx, reg, v);
            const std::uint64_t m = width >= 64 ? ~std::uint64_t { 0 } : (std::uint64_t { 1 } << width) - 1;
            for (std::size_t l = 0; l < kWarpLanes; ++l)
                d[l] |= (v[l] & m) << (width * e);
        }
        writeOperand(ctx, ins.operands[0], d, mask);
    }

    void unpack(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
    {
        const ptx::Operand& dst = ins.operands[0];
        const unsigned width = ptx::typeSizeBytes(ins.type) * 8 / dst.count;
        LaneBits v;
        readOperand(ctx, ins.operands[1], ins.type, v);
        for (std::uint32_t e = 0; e < dst.count; ++e) {
            const ptx::RegRef reg = ctx.fn->vectorRegs[dst.index + e];
            if (reg.index == ptx::kNoPc)
                continue;
            LaneBits part;
            for (std::size_t l = 0; l < kWarpLanes; ++l)
                part[l] = width >= 64 ? v[l] : v[l] >> (width * e);
            writeRegister(ctx, reg, part, mask);
        }
    }

} // namespace

void execMov(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (ins.operands[1].kind == ptx::OperandKind::Vector)
        return pack(ctx, ins, mask);
    if (ins.operands[0].kind == ptx::OperandKind::Vector)
        return unpack(ctx, ins, mask);
    mapUnary(ctx, ins, mask, [](std::uint64_t a) { return a; });
}

// §9.7.9.2 prmt (default mode): byte i of d is byte c[4i+2..4i] of {b, a}; with c[4i+3] set, that
// byte's sign bit is replicated instead.
void execPrmt(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    mapTernary(ctx, ins, mask, ptx::ScalarType::U32, [](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
        const std::uint64_t bytes = ((b & 0xffffffffu) << 32) | (a & 0xffffffffu);
        std::uint64_t d = 0;
        for (unsigned i = 0; i < 4; ++i) {
            const unsigned sel = static_cast<unsigned>(c >> (4 * i)) & 0xfu;
            std::uint64_t byte = (bytes >> (8 * (sel & 7u))) & 0xffu;
            if (sel & 8u)
                byte = (byte & 0x80u) ? 0xffu : 0u;
            d |= byte << (8 * i);
        }
        return d;
    });
}

} // namespace engine::simt
