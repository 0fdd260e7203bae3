// PTX ISA 8.5 §9.7.9 "Data Movement and Conversion Instructions": ld, ldu, st, prefetch, cvta, isspacep.
#include "engine/simt/address_layout.h"
#include "engine/simt/memory_access.h"
#include "engine/simt/op_helpers.h"
#include "engine/simt/operand_access.h"
#include "engine/simt/ops.h"

#include <array>
#include <bit>
#include <cstring>

namespace engine::simt {

namespace {

    constexpr std::size_t kMaxVector = 8;

    std::uint32_t elementBytes(const ptx::Instruction& ins)
    {
        return ptx::typeSizeBytes(ins.type);
    }

    /// Element `e` of every lane in `mask`: N-byte loads, sign- or zero-extended.
    template <std::uint32_t N>
    void gather(const std::array<std::uint8_t*, kWarpLanes>& pointers, std::size_t e, std::uint32_t mask, bool isSigned,
        LaneBits& out)
    {
        for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
            if (mask != kAllLanes && !laneOn(mask, static_cast<int>(l)))
                continue;
            const std::uint64_t raw = loadBytes(pointers[l] + e * N, N);
            out[l] = isSigned ? static_cast<std::uint64_t>(signExtend(raw, N * 8)) : raw;
        }
    }

    /// The register of vector element `e` of a value operand (a Register or a Vector); index kNoPc for `_`.
    ptx::RegRef elementReg(const ExecContext& ctx, const ptx::Operand& op, std::size_t e)
    {
        if (op.kind == ptx::OperandKind::Vector)
            return ctx.fn->vectorRegs[op.index + e];
        return ptx::RegRef { op.file, op.index };
    }

    /// Element `e` of every lane (a T each) straight into the register file's row at `row`.
    template <typename T>
    void copyElement(const std::array<std::uint8_t*, kWarpLanes>& pointers, std::size_t e, T* row)
    {
        for (std::size_t l = 0; l < kWarpLanes; ++l)
            std::memcpy(row + l, pointers[l] + e * sizeof(T), sizeof(T));
    }

    /// The common whole-warp load of 32- or 64-bit elements (a scalar or a vector of them) into registers of the
    /// same width: straight into the register file, element by element as the general path writes them. False
    /// (nothing written) when the shape is not that one.
    bool loadDirect(ExecContext& ctx, const ptx::Instruction& ins, const std::array<std::uint8_t*, kWarpLanes>& pointers,
        std::uint32_t bytes)
    {
        const ptx::Operand& d = ins.operands[0];
        if ((d.kind != ptx::OperandKind::Register && d.kind != ptx::OperandKind::Vector) || (bytes != 4 && bytes != 8))
            return false;
        const ptx::RegFile file = bytes == 4 ? ptx::RegFile::B32 : ptx::RegFile::B64;
        const std::size_t width = ins.vectorWidth;
        for (std::size_t e = 0; e < width; ++e) {
            const ptx::RegRef reg = elementReg(ctx, d, e);
            if (reg.index != ptx::kNoPc && reg.file != file)
                return false;
        }
        for (std::size_t e = 0; e < width; ++e) {
            const ptx::RegRef reg = elementReg(ctx, d, e);
            if (reg.index == ptx::kNoPc)
                continue;
            const std::size_t row = std::size_t { reg.index } * kWarpLanes;
            if (bytes == 4)
                copyElement(pointers, e, ctx.b32 + row);
            else
                copyElement(pointers, e, ctx.b64 + row);
        }
        return true;
    }

    MemorySpace spaceOfLane(const std::array<std::uint32_t, 5>& spaces, std::uint32_t lane)
    {
        for (std::size_t s = 0; s < spaces.size(); ++s) {
            if (laneOn(spaces[s], static_cast<int>(lane)))
                return static_cast<MemorySpace>(s);
        }
        return MemorySpace::Global;
    }

    bool checkShape(ExecContext& ctx, const ptx::Instruction& ins)
    {
        const std::uint32_t bytes = elementBytes(ins);
        if (bytes == 0 || bytes > 8 || ins.vectorWidth > kMaxVector) {
            unsupported(ctx, ins, "a memory access of this type or vector width");
            return false;
        }
        return true;
    }

    /// Fused whole-warp scalar load of a 4- or 8-byte value into a register of the same width, when every lane is
    /// inside the fast range and aligned: one test over the lanes, then the values straight into the register's
    /// row. False (nothing written) otherwise.
    template <typename T>
    bool fusedLoad(const FastRange& fast, const LaneBits& addr, T* dst)
    {
        if (!wholeWarpInside(fast, addr, sizeof(T)))
            return false;
        for (std::size_t l = 0; l < kWarpLanes; ++l)
            std::memcpy(dst + l, fast.base + (addr[l] - fast.start), sizeof(T));
        return true;
    }

    /// resolveLanes, with one check for all lanes when the address operand has no register (readAddress gave
    /// every lane the same address): kernel parameters, symbols.
    bool resolveAll(ExecContext& ctx, const AccessPlan& plan, const ptx::Operand& address, const LaneBits& addr,
        std::uint32_t mask, std::array<std::uint8_t*, kWarpLanes>& pointers, std::array<std::uint32_t, 5>& spaces)
    {
        const bool uniform = address.base != ptx::AddressBase::Register;
        if (uniform && resolveUniformLanes(ctx, plan, addr[0], mask, pointers, spaces))
            return true;
        return resolveLanes(ctx, plan, addr, mask, pointers, spaces);
    }

    /// Whether a whole warp's access moves one 4- or 8-byte element per lane to or from register `reg` of that width:
    /// the shape of tryFusedLoad and tryFusedStore. `b32`: the 4-byte one.
    bool fusedShape(const ptx::Instruction& ins, std::uint32_t mask, const ptx::Operand& reg, bool& b32)
    {
        if (mask != kAllLanes || ins.vectorWidth != 1 || reg.kind != ptx::OperandKind::Register)
            return false;
        const std::uint32_t bytes = elementBytes(ins);
        b32 = bytes == 4 && reg.file == ptx::RegFile::B32;
        return b32 || (bytes == 8 && reg.file == ptx::RegFile::B64);
    }

    /// What a fused access tells the observer: every lane at `addr`, in the fast range's space.
    void reportFused(ExecContext& ctx, const AccessPlan& plan, const FastRange& fast, const LaneBits& addr)
    {
        ctx.remoteSharedLanes = 0;
        if (!ctx.observer && !ctx.recordAccesses)
            return;
        ctx.addresses = addr;
        std::array<std::uint32_t, 5> spaces {};
        spaces[static_cast<std::size_t>(fast.space)] = kAllLanes;
        reportAccess(ctx, plan, spaces);
    }

    /// A whole-warp scalar load of a 4- or 8-byte value into a register of its width (`plan` and `addr` the access's
    /// plan and lane addresses), every lane inside one fast range: fusedLoad, then what resolveLanes and the general
    /// path tell the observer. False (nothing written, nothing reported) when the shape or any lane is not that; the
    /// general path then handles the instruction and its faults.
    bool tryFusedLoad(
        ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, const AccessPlan& plan, const LaneBits& addr)
    {
        const ptx::Operand& d = ins.operands[0];
        bool b32 = false;
        if (!fusedShape(ins, mask, d, b32))
            return false;
        const FastRange fast = fastRange(ctx, plan, addr[0]);
        if (!fast.base)
            return false;
        const std::size_t row = std::size_t { d.index } * kWarpLanes;
        if (!(b32 ? fusedLoad(fast, addr, ctx.b32 + row) : fusedLoad(fast, addr, ctx.b64 + row)))
            return false;
        reportFused(ctx, plan, fast, addr);
        return true;
    }

    void load(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
    {
        if (!checkShape(ctx, ins))
            return;
        const std::uint32_t bytes = elementBytes(ins);
        const std::size_t width = ins.vectorWidth;
        const AccessPlan plan = planAccess(ctx, ins, ins.operands[1], bytes * static_cast<std::uint32_t>(width), MemoryOp::Load);
        LaneBits addr;
        readAddress(ctx, ins.operands[1], addr);
        if (tryFusedLoad(ctx, ins, mask, plan, addr))
            return;
        std::array<std::uint8_t*, kWarpLanes> pointers;
        std::array<std::uint32_t, 5> spaces {};
        if (!resolveAll(ctx, plan, ins.operands[1], addr, mask, pointers, spaces))
            return;
        if (mask == kAllLanes && loadDirect(ctx, ins, pointers, bytes)) {
            if (ctx.observer || ctx.recordAccesses)
                reportAccess(ctx, plan, spaces);
            return;
        }
        // §9.7.9.8 ld: a signed type sign-extends into a wider register, others zero-extend.
        const bool isSigned = ptx::isSignedType(ins.type);
        LaneBits values;
        for (std::size_t e = 0; e < width; ++e) {
            switch (bytes) {
            case 1: gather<1>(pointers, e, mask, isSigned, values); break;
            case 2: gather<2>(pointers, e, mask, isSigned, values); break;
            case 4: gather<4>(pointers, e, mask, isSigned, values); break;
            default: gather<8>(pointers, e, mask, isSigned, values); break;
            }
            const ptx::RegRef reg = elementReg(ctx, ins.operands[0], e);
            if (reg.index != ptx::kNoPc)
                writeRegister(ctx, reg, values, mask);
        }
        if (ctx.observer || ctx.recordAccesses)
            reportAccess(ctx, plan, spaces);
    }

    void readStoreValues(const ExecContext& ctx, const ptx::Instruction& ins, std::array<LaneBits, kMaxVector>& values)
    {
        const ptx::Operand& src = ins.operands[1];
        if (src.kind != ptx::OperandKind::Vector) {
            readOperand(ctx, src, ins.type, values[0]);
            return;
        }
        for (std::size_t e = 0; e < ins.vectorWidth; ++e) {
            const ptx::RegRef reg = ctx.fn->vectorRegs[src.index + e];
            if (reg.index == ptx::kNoPc) // an immediate element (or `_`, stored as 0)
                values[e].fill(ctx.fn->vectorImmediates[src.index + e]);
            else
                readRegister(ctx, reg, values[e]);
        }
    }

    /// The lanes in `mask`, ascending, each its `width` elements in order (as the general path writes them), each
    /// element a T from the register file's row `rows[e]` of `file`.
    template <typename T>
    void storeLanes(const std::array<std::uint8_t*, kWarpLanes>& pointers, std::uint32_t mask,
        const std::array<std::size_t, kMaxVector>& rows, std::size_t width, const T* file)
    {
        for (std::uint32_t m = mask; m != 0; m &= m - 1) {
            const auto l = static_cast<std::size_t>(std::countr_zero(m));
            for (std::size_t e = 0; e < width; ++e)
                std::memcpy(pointers[l] + e * sizeof(T), file + rows[e] + l, sizeof(T));
        }
    }

    /// A store of 32- or 64-bit elements from registers of the same width (a scalar, or a vector without
    /// immediates): straight from the register file. False (nothing written) when the shape is not that one.
    bool storeDirect(ExecContext& ctx, const ptx::Instruction& ins, const std::array<std::uint8_t*, kWarpLanes>& pointers,
        std::uint32_t mask, std::uint32_t bytes)
    {
        const ptx::Operand& v = ins.operands[1];
        if ((v.kind != ptx::OperandKind::Register && v.kind != ptx::OperandKind::Vector) || (bytes != 4 && bytes != 8))
            return false;
        const ptx::RegFile file = bytes == 4 ? ptx::RegFile::B32 : ptx::RegFile::B64;
        const std::size_t width = ins.vectorWidth;
        std::array<std::size_t, kMaxVector> rows {};
        for (std::size_t e = 0; e < width; ++e) {
            const ptx::RegRef reg = elementReg(ctx, v, e);
            if (reg.index == ptx::kNoPc || reg.file != file)
                return false;
            rows[e] = std::size_t { reg.index } * kWarpLanes;
        }
        if (bytes == 4)
            storeLanes(pointers, mask, rows, width, ctx.b32);
        else
            storeLanes(pointers, mask, rows, width, ctx.b64);
        return true;
    }

    /// Each lane's T from `src` to its address inside `fast`, lanes in ascending order.
    template <typename T>
    void scatter(const FastRange& fast, const LaneBits& addr, const T* src)
    {
        for (std::size_t l = 0; l < kWarpLanes; ++l)
            std::memcpy(fast.base + (addr[l] - fast.start), src + l, sizeof(T));
    }

    /// A whole-warp scalar store of a 4- or 8-byte register of its width (`plan` and `addr` the access's plan and lane
    /// addresses), every lane inside one fast range and no journal: the lanes in ascending order straight from the
    /// register file, as storeDirect writes them, then what resolveLanes and the general path tell the observer.
    /// False (nothing written, nothing reported) when the shape or any lane is not that; the general path then
    /// handles the instruction and its faults.
    bool tryFusedStore(
        ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, const AccessPlan& plan, const LaneBits& addr)
    {
        const ptx::Operand& v = ins.operands[1];
        bool b32 = false;
        if (ctx.journal || !fusedShape(ins, mask, v, b32))
            return false;
        const FastRange fast = fastRange(ctx, plan, addr[0]);
        if (!fast.base || !wholeWarpInside(fast, addr, plan.size))
            return false;
        const std::size_t row = std::size_t { v.index } * kWarpLanes;
        if (b32)
            scatter(fast, addr, ctx.b32 + row);
        else
            scatter(fast, addr, ctx.b64 + row);
        reportFused(ctx, plan, fast, addr);
        return true;
    }

    void store(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
    {
        if (!checkShape(ctx, ins))
            return;
        const std::uint32_t bytes = elementBytes(ins);
        const std::size_t width = ins.vectorWidth;
        const AccessPlan plan = planAccess(ctx, ins, ins.operands[0], bytes * static_cast<std::uint32_t>(width), MemoryOp::Store);
        LaneBits addr;
        readAddress(ctx, ins.operands[0], addr);
        if (tryFusedStore(ctx, ins, mask, plan, addr))
            return;
        std::array<std::uint8_t*, kWarpLanes> pointers;
        std::array<std::uint32_t, 5> spaces {};
        if (!resolveAll(ctx, plan, ins.operands[0], addr, mask, pointers, spaces))
            return;
        if (!ctx.journal && storeDirect(ctx, ins, pointers, mask, bytes)) {
            if (ctx.observer || ctx.recordAccesses)
                reportAccess(ctx, plan, spaces);
            return;
        }
        std::array<LaneBits, kMaxVector> values;
        readStoreValues(ctx, ins, values);
        // Lanes store in ascending order, so when several lanes write one address the highest lane's
        // value remains (programming-guide-0.8.2.txt §3.2 leaves the winner undefined; DIGEST §12.3).
        for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
            if (!laneOn(mask, static_cast<int>(l)))
                continue;
            if (ctx.journal)
                journalStore(ctx, spaceOfLane(spaces, l), ctx.addresses[l], pointers[l], plan.size);
            for (std::size_t e = 0; e < width; ++e)
                storeBytes(pointers[l] + e * bytes, values[e][l], bytes);
        }
        if (ctx.observer || ctx.recordAccesses)
            reportAccess(ctx, plan, spaces);
    }

} // namespace

void execLd(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    load(ctx, ins, mask);
    // A load with memory-model semantics (PTX ISA 8.5 §8.4: .acquire or .relaxed with a scope) is what a
    // polling loop spins on (cooperative groups' tile and grid barriers): the warp ends its turn after it,
    // so the warps it waits for run before it polls again instead of after a whole slice of spinning.
    // (.volatile loads, common in warp-synchronous code that never polls, keep their slice.)
    if (ins.order == ptx::MemOrder::Acquire || ins.order == ptx::MemOrder::Relaxed)
        ctx.yieldTurn = true;
}

// §9.7.9.9 ldu: a load of a value that is the same for all threads of the warp; the same memory semantics.
void execLdu(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask) { load(ctx, ins, mask); }

void execSt(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask) { store(ctx, ins, mask); }

// §9.7.9.15 prefetch: a performance hint with no architectural effect (and no fault).
void execPrefetch(ExecContext&, const ptx::Instruction&, std::uint32_t) { }
void execPrefetchu(ExecContext&, const ptx::Instruction&, std::uint32_t) { }

// §9.7.9.17 cvta: converts between a state-space address and a generic one (address_layout.h windows).
void execCvta(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const bool toSpace = ins.has(ptx::FlagToSpace);
    if (ins.space == ptx::StateSpace::SharedCluster) { // address_layout.h: the executing CTA's own, or a rank's
        mapUnary(ctx, ins, mask, [toSpace](std::uint64_t a) {
            if (toSpace)
                return inSharedWindow(a) ? a - kSharedWindowBase : a - kClusterWindowBase + kClusterRankBytes;
            return a < kClusterRankBytes ? a + kSharedWindowBase : a - kClusterRankBytes + kClusterWindowBase;
        });
        return;
    }
    std::uint64_t base = 0;
    if (ins.space == ptx::StateSpace::Shared)
        base = kSharedWindowBase;
    else if (ins.space == ptx::StateSpace::Local)
        base = kLocalWindowBase;
    const std::uint64_t width = ins.type == ptx::ScalarType::U32 ? 0xffffffffu : ~std::uint64_t { 0 };
    mapUnary(
        ctx, ins, mask, [toSpace, base, width](std::uint64_t a) { return (toSpace ? a - base : a + base) & width; });
}

// §9.7.9.16 isspacep: whether a generic address lies in the given space's window.
void execIsspacep(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    LaneBits v;
    readOperand(ctx, ins.operands[1], ptx::ScalarType::U64, v);
    for (auto& a : v) {
        const bool shared = inSharedWindow(a);
        const bool local = inLocalWindow(a);
        switch (ins.space) {
        case ptx::StateSpace::Shared: a = shared; break;
        case ptx::StateSpace::SharedCluster: a = shared || inClusterWindow(a); break;
        case ptx::StateSpace::Local: a = local; break;
        case ptx::StateSpace::Param: a = 0; break;
        default: a = !shared && !local && !inClusterWindow(a) && a >= kGlobalBase; break;
        }
    }
    writeOperand(ctx, ins.operands[0], v, mask);
}

} // namespace engine::simt
