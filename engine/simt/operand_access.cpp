#include "engine/simt/operand_access.h"

#include "engine/simt/in_place_lanes.h"
#include "engine/simt/launch_environment.h"

#include <cstring>
#include <stdexcept>

namespace engine::simt {

namespace {

using ptx::RegFile;

std::uint64_t floatLiteral(const ptx::Operand& op, ptx::ScalarType type)
{
    const auto bits = static_cast<std::uint64_t>(op.value);
    // PTX ISA 8.5 §4.5.2: 0fXXXXXXXX is single precision, 0dXXXXXXXXXXXXXXXX and decimal literals
    // double precision; an instruction of the other width gets the value converted.
    if (type == ptx::ScalarType::F32 && op.count == 8)
        return bitsOf(static_cast<float>(asF64(bits)));
    if (type == ptx::ScalarType::F64 && op.count == 4)
        return bitsOf(static_cast<double>(asF32(bits)));
    return bits;
}

std::uint64_t uniformSpecial(const ExecContext& ctx, const ptx::Operand& op)
{
    const LaunchPlan& plan = *ctx.plan;
    const std::size_t c = op.component;
    switch (op.special) {
    case ptx::SpecialReg::Ntid:
        return plan.block[c];
    case ptx::SpecialReg::Ctaid:
        return ctx.cta->ctaid[c];
    case ptx::SpecialReg::Nctaid:
        return plan.grid[c];
    case ptx::SpecialReg::Warpid:
        return ctx.warp->index;
    case ptx::SpecialReg::Nwarpid:
        return plan.warpsPerBlock;
    case ptx::SpecialReg::Smid:
        return 0; // functional model: one SM runs everything
    case ptx::SpecialReg::Nsmid:
        return 1;
    case ptx::SpecialReg::Gridid:
        return 0;
    case ptx::SpecialReg::Clock:
        return ctx.clock & 0xffffffffu;
    case ptx::SpecialReg::Clock64:
        return ctx.clock;
    case ptx::SpecialReg::Globaltimer:
        return ctx.clock; // deterministic: instructions, not time
    case ptx::SpecialReg::DynamicSmemSize:
        return plan.sharedBytes - plan.dynamicSharedBase;
    case ptx::SpecialReg::TotalSmemSize:
        return plan.sharedBytes;
    case ptx::SpecialReg::WarpSize:
        return kWarpLanes;
    case ptx::SpecialReg::ReservedSmemBegin:
        return plan.reservedSharedBase;
    case ptx::SpecialReg::ReservedSmemEnd:
        return plan.reservedSharedBase + plan.reservedSharedBytes;
    case ptx::SpecialReg::ReservedSmemCap:
        return plan.reservedSharedBytes;
    case ptx::SpecialReg::ReservedSmemOffset:
        return reservedSharedOffset(plan, c);
    case ptx::SpecialReg::AggrSmemSize:
        return plan.reservedSharedBase + plan.reservedSharedBytes;
    case ptx::SpecialReg::Envreg:
        return environmentRegister(plan, c);
    // PTX ISA 8.5 §10.16-10.22: the CTA's place in its cluster, the cluster's in the grid.
    case ptx::SpecialReg::ClusterCtarank:
        return ctx.clusterRank;
    case ptx::SpecialReg::ClusterNctarank:
        return plan.clusterSize();
    case ptx::SpecialReg::ClusterCtaid:
        return ctx.cta->ctaid[c] % plan.cluster[c];
    case ptx::SpecialReg::ClusterNctaid:
        return plan.cluster[c];
    case ptx::SpecialReg::Clusterid:
        return ctx.cta->ctaid[c] / plan.cluster[c];
    case ptx::SpecialReg::Nclusterid:
        return plan.grid[c] / plan.cluster[c];
    case ptx::SpecialReg::IsExplicitCluster:
        return plan.explicitCluster ? 1 : 0;
    default:
        throw std::logic_error("uniformSpecial: per-lane special register");
    }
}

void readSpecial(const ExecContext& ctx, const ptx::Operand& op, LaneBits& out)
{
    // PTX ISA 8.5 §10.1 %tid, §10.7 %laneid, §10.9-10.13 %lanemask_*.
    const auto each = [&out](auto value) {
        for (std::uint32_t l = 0; l < kWarpLanes; ++l)
            out[l] = value(std::uint64_t { 1 } << l, l);
    };
    switch (op.special) {
    case ptx::SpecialReg::Tid: {
        const auto& tid = ctx.warp->tid[op.component];
        return each([&tid](std::uint64_t, std::uint32_t l) -> std::uint64_t { return tid[l]; });
    }
    case ptx::SpecialReg::Laneid:
        return each([](std::uint64_t, std::uint32_t l) -> std::uint64_t { return l; });
    case ptx::SpecialReg::LanemaskEq:
        return each([](std::uint64_t bit, std::uint32_t) { return bit; });
    case ptx::SpecialReg::LanemaskLe:
        return each([](std::uint64_t bit, std::uint32_t) { return (bit << 1) - 1; });
    case ptx::SpecialReg::LanemaskLt:
        return each([](std::uint64_t bit, std::uint32_t) { return bit - 1; });
    case ptx::SpecialReg::LanemaskGe:
        return each([](std::uint64_t bit, std::uint32_t) { return ~(bit - 1) & 0xffffffffu; });
    case ptx::SpecialReg::LanemaskGt:
        return each([](std::uint64_t bit, std::uint32_t) { return ~((bit << 1) - 1) & 0xffffffffu; });
    default:
        out.fill(uniformSpecial(ctx, op));
        return;
    }
}

/// Writes the lanes of `mask`, truncating to T; the full warp takes a straight (vectorizable) copy.
template <typename T> void blend(T* dst, const LaneBits& v, std::uint32_t mask)
{
    if (mask == kAllLanes) {
        for (std::size_t l = 0; l < kWarpLanes; ++l)
            dst[l] = static_cast<T>(v[l]);
        return;
    }
    for (std::size_t l = 0; l < kWarpLanes; ++l) {
        if (laneOn(mask, static_cast<int>(l)))
            dst[l] = static_cast<T>(v[l]);
    }
}

} // namespace

void readRegister(const ExecContext& ctx, ptx::RegRef reg, LaneBits& out)
{
    const std::size_t base = std::size_t {reg.index} * kWarpLanes;
    switch (reg.file) {
    case RegFile::Pred:
        for (std::uint32_t l = 0; l < kWarpLanes; ++l)
            out[l] = (ctx.pred[reg.index] >> l) & 1u;
        break;
    case RegFile::B16:
        for (std::size_t l = 0; l < kWarpLanes; ++l)
            out[l] = ctx.b16[base + l];
        break;
    case RegFile::B32:
        for (std::size_t l = 0; l < kWarpLanes; ++l)
            out[l] = ctx.b32[base + l];
        break;
    case RegFile::B64:
        std::memcpy(out.data(), ctx.b64 + base, sizeof(LaneBits));
        break;
    case RegFile::B128:
        for (std::size_t l = 0; l < kWarpLanes; ++l)
            out[l] = ctx.b128[(base + l) * 2];
        break;
    }
}

std::optional<std::uint64_t> in_place::uniformSpecialBits(const ExecContext& ctx, const ptx::Operand& op)
{
    switch (op.special) {
    case ptx::SpecialReg::Tid:
    case ptx::SpecialReg::Laneid:
    case ptx::SpecialReg::LanemaskEq:
    case ptx::SpecialReg::LanemaskLe:
    case ptx::SpecialReg::LanemaskLt:
    case ptx::SpecialReg::LanemaskGe:
    case ptx::SpecialReg::LanemaskGt:
        return std::nullopt;
    default:
        return uniformSpecial(ctx, op);
    }
}

std::uint64_t in_place::immediateBits(const ptx::Operand& op, ptx::ScalarType type)
{
    return op.isFloat ? floatLiteral(op, type) : static_cast<std::uint64_t>(op.value);
}

void readOperand(const ExecContext& ctx, const ptx::Operand& op, ptx::ScalarType type, LaneBits& out)
{
    switch (op.kind) {
    case ptx::OperandKind::Register:
        readRegister(ctx, {op.file, op.index}, out);
        if (op.negate) {
            for (auto& v : out)
                v ^= 1u;
        }
        return;
    case ptx::OperandKind::Immediate:
        out.fill(in_place::immediateBits(op, type));
        return;
    case ptx::OperandKind::Special:
        readSpecial(ctx, op, out);
        return;
    case ptx::OperandKind::Symbol:
        out.fill(symbolAddress(ctx, op));
        return;
    case ptx::OperandKind::Address:
        readAddress(ctx, op, out);
        return;
    default:
        throw std::logic_error("readOperand: operand kind cannot be read as a value");
    }
}

void writeRegister(ExecContext& ctx, ptx::RegRef reg, const LaneBits& v, std::uint32_t mask)
{
    const std::size_t base = std::size_t {reg.index} * kWarpLanes;
    switch (reg.file) {
    case RegFile::Pred: {
        std::uint32_t bits = 0;
        for (std::uint32_t l = 0; l < kWarpLanes; ++l)
            bits |= static_cast<std::uint32_t>(v[l] & 1u) << l;
        ctx.pred[reg.index] = (ctx.pred[reg.index] & ~mask) | (bits & mask);
        return;
    }
    case RegFile::B16:
        blend(ctx.b16 + base, v, mask);
        return;
    case RegFile::B32:
        blend(ctx.b32 + base, v, mask);
        return;
    case RegFile::B64:
        blend(ctx.b64 + base, v, mask);
        return;
    case RegFile::B128:
        for (std::size_t l = 0; l < kWarpLanes; ++l) {
            if (laneOn(mask, static_cast<int>(l))) {
                ctx.b128[(base + l) * 2] = v[l];
                ctx.b128[(base + l) * 2 + 1] = 0;
            }
        }
        return;
    }
}

void writeOperand(ExecContext& ctx, const ptx::Operand& op, const LaneBits& values, std::uint32_t mask)
{
    if (op.kind == ptx::OperandKind::Register)
        writeRegister(ctx, {op.file, op.index}, values, mask);
    else if (op.kind != ptx::OperandKind::Sink)
        throw std::logic_error("writeOperand: destination is not a register");
}

std::uint64_t symbolAddress(const ExecContext& ctx, const ptx::Operand& op)
{
    if (op.scope == ptx::SymbolScope::Module)
        return ctx.plan->moduleVariableAddress[op.index];
    return ctx.layout->variableOffset[op.index];
}

ptx::StateSpace symbolSpace(const ExecContext& ctx, const ptx::Operand& op)
{
    if (op.scope == ptx::SymbolScope::Module)
        return ctx.plan->module->variables[op.index].space;
    return ctx.fn->variables[op.index].space;
}

void readAddress(const ExecContext& ctx, const ptx::Operand& op, LaneBits& out)
{
    const auto offset = static_cast<std::uint64_t>(op.value);
    switch (op.base) {
    case ptx::AddressBase::None:
        out.fill(offset);
        return;
    case ptx::AddressBase::Symbol:
        out.fill(symbolAddress(ctx, op) + offset);
        return;
    case ptx::AddressBase::Register: {
        // PTX ISA 8.5 §6.4.1 (addresses as operands): an address is computed with integer arithmetic in the
        // register's width and then zero-extended. A 32-bit register (shared, local) wraps at 2^32, so
        // [%r+72] with %r = buf - 64, as nvcc emits for temp[ty - 1][...] in loops, addresses buf + 8.
        const std::size_t base = std::size_t { op.index } * kWarpLanes;
        if (op.file == ptx::RegFile::B32) {
            const auto low = static_cast<std::uint32_t>(offset);
            for (std::size_t l = 0; l < kWarpLanes; ++l)
                out[l] = static_cast<std::uint32_t>(ctx.b32[base + l] + low);
            return;
        }
        if (op.file == ptx::RegFile::B64) {
            for (std::size_t l = 0; l < kWarpLanes; ++l)
                out[l] = ctx.b64[base + l] + offset;
            return;
        }
        readRegister(ctx, {op.file, op.index}, out);
        for (auto& a : out)
            a += offset;
        return;
    }
    }
}

} // namespace engine::simt
