// PTX ISA 8.5 §9.7.9.25 "Data Movement and Conversion Instructions: asynchronous copy": cp.async with its
// groups, and cp.async.bulk between global and shared memory. The functional run completes each copy when it
// is issued, one of the orders the ISA allows (a copy may complete at any time before the wait that covers it),
// so commit_group and wait_group have nothing to do here; the timing model charges the overlap
// (timing/async_groups.h). The mbarrier side of cp.async.mbarrier.arrive and of the bulk copy's complete-tx
// is in ops_mbarrier.cpp.
#include "engine/simt/mbarrier_ops.h"
#include "engine/simt/memory_access.h"
#include "engine/simt/operand_access.h"
#include "engine/simt/ops.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace engine::simt {

namespace {

    /// One side of a copy: the lanes' host pointers after the memcheck, for `bytes` per lane.
    struct CopySide {
        AccessPlan plan;
        std::array<std::uint8_t*, kWarpLanes> pointers {};
        std::array<std::uint32_t, 5> spaces {};
    };

    bool resolveSide(ExecContext& ctx, const ptx::Instruction& ins, std::size_t slot, ptx::StateSpace space,
        std::uint32_t bytes, MemoryOp op, std::uint32_t mask, CopySide& side)
    {
        side.plan = planAccess(ctx, ins, ins.operands[slot], bytes, op);
        side.plan.space = space;
        side.plan.lsuUncounted = op == MemoryOp::Store; // cp.async's shared write: MemoryEvent::lsuUncounted
        LaneBits addr;
        readAddress(ctx, ins.operands[slot], addr);
        return resolveLanes(ctx, side.plan, addr, mask, side.pointers, side.spaces);
    }

    void report(ExecContext& ctx, const CopySide& side)
    {
        if (ctx.observer || ctx.recordAccesses)
            reportAccess(ctx, side.plan, side.spaces);
    }

    /// §9.7.9.25.3.1: bytes each lane reads of its cp-size: src-size when given, none when the ignore-src
    /// predicate holds, else all of them.
    void sourceBytes(const ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t cpSize, LaneBits& out)
    {
        out.fill(cpSize);
        if (ins.operandCount < 4)
            return;
        const ptx::Operand& extra = ins.operands[3];
        LaneBits v;
        if (extra.kind == ptx::OperandKind::Register && extra.file == ptx::RegFile::Pred) {
            readOperand(ctx, extra, ptx::ScalarType::Pred, v);
            for (std::size_t l = 0; l < kWarpLanes; ++l)
                out[l] = (v[l] & 1U) != 0 ? 0 : cpSize;
            return;
        }
        readOperand(ctx, extra, ptx::ScalarType::U32, v);
        for (std::size_t l = 0; l < kWarpLanes; ++l)
            out[l] = std::min<std::uint64_t>(v[l], cpSize);
    }

    /// cp.async (§9.7.9.25.3.1): each lane copies cp-size bytes from global to shared memory, the first
    /// src-size of them read and the rest zero. Reported as a global read of the lanes that read and a
    /// shared write of every lane.
    void copy(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
    {
        const auto cpSize = static_cast<std::uint32_t>(ins.operands[2].value);
        LaneBits srcBytes;
        sourceBytes(ctx, ins, cpSize, srcBytes);
        std::uint32_t readMask = 0;
        for (std::uint32_t l = 0; l < kWarpLanes; ++l)
            readMask |= laneOn(mask, static_cast<int>(l)) && srcBytes[l] != 0 ? 1U << l : 0U;
        // A lane that reads part of its cp-size is checked for cp-size bytes: the ISA requires the source
        // address aligned to cp-size and readable for src-size (§9.7.9.25.3.1); warpscope asks for the whole.
        CopySide src;
        std::array<std::array<std::uint8_t, 16>, kWarpLanes> data {};
        if (readMask != 0) {
            if (!resolveSide(ctx, ins, 1, ptx::StateSpace::Global, cpSize, MemoryOp::Load, readMask, src))
                return;
            for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
                if (laneOn(readMask, static_cast<int>(l)))
                    std::memcpy(data[l].data(), src.pointers[l], srcBytes[l]);
            }
            report(ctx, src);
        }
        CopySide dst;
        if (!resolveSide(ctx, ins, 0, ptx::StateSpace::Shared, cpSize, MemoryOp::Store, mask, dst))
            return;
        for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
            if (laneOn(mask, static_cast<int>(l)))
                std::memcpy(dst.pointers[l], data[l].data(), cpSize);
        }
        report(ctx, dst);
    }

    /// Resolves `count` 16-byte pieces from `first` on, piece i in pseudo-lane i (so the memory system sees one
    /// warp-wide access of up to 512 contiguous bytes); a fault names the real lane. Null pointers after one.
    bool resolvePieces(ExecContext& ctx, const AccessPlan& plan, std::uint64_t first, std::uint32_t count,
        std::uint32_t lane, std::array<std::uint8_t*, kWarpLanes>& pointers, std::array<std::uint32_t, 5>& spaces)
    {
        spaces = {};
        for (std::uint32_t i = 0; i < count; ++i) {
            MemorySpace resolved;
            pointers[i] = lanePointer(ctx, plan, first + 16 * std::uint64_t { i }, i, resolved);
            if (!pointers[i]) {
                ctx.fault.lane = lane;
                return false;
            }
            spaces[static_cast<std::size_t>(resolved)] |= 1U << i;
        }
        return true;
    }

    /// One lane's bulk copy (§9.7.9.25.4.1): `bytes` (a multiple of 16, both addresses 16-byte aligned) moved
    /// whole, reported as accesses of 32 16-byte pieces (512 contiguous bytes) at a time.
    bool bulkLane(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t lane, std::uint64_t bytes)
    {
        const bool toGlobal = ins.async.toGlobal != 0;
        LaneBits dstAddr;
        LaneBits srcAddr;
        readAddress(ctx, ins.operands[0], dstAddr);
        readAddress(ctx, ins.operands[1], srcAddr);
        AccessPlan srcPlan = planAccess(ctx, ins, ins.operands[1], 16, MemoryOp::Load);
        srcPlan.space = toGlobal ? ptx::StateSpace::Shared : ptx::StateSpace::Global;
        srcPlan.lsuUncounted = true;
        AccessPlan dstPlan = planAccess(ctx, ins, ins.operands[0], 16, MemoryOp::Store);
        dstPlan.space = toGlobal ? ptx::StateSpace::Global : ptx::StateSpace::Shared;
        dstPlan.lsuUncounted = true;
        std::array<std::uint8_t*, kWarpLanes> pointers {};
        std::array<std::uint32_t, 5> spaces {};
        std::array<std::uint8_t, 16 * kWarpLanes> chunk {};
        for (std::uint64_t offset = 0; offset < bytes; offset += sizeof chunk) {
            const auto pieces = static_cast<std::uint32_t>(std::min<std::uint64_t>(kWarpLanes, (bytes - offset) / 16));
            if (!resolvePieces(ctx, srcPlan, srcAddr[lane] + offset, pieces, lane, pointers, spaces))
                return false;
            for (std::uint32_t i = 0; i < pieces; ++i)
                std::memcpy(chunk.data() + 16 * i, pointers[i], 16);
            report(ctx, CopySide { srcPlan, pointers, spaces });
            if (!resolvePieces(ctx, dstPlan, dstAddr[lane] + offset, pieces, lane, pointers, spaces))
                return false;
            for (std::uint32_t i = 0; i < pieces; ++i) {
                if (ctx.journal && laneOn(spaces[static_cast<std::size_t>(MemorySpace::Global)], static_cast<int>(i)))
                    journalStore(ctx, MemorySpace::Global, ctx.addresses[i], pointers[i], 16);
                std::memcpy(pointers[i], chunk.data() + 16 * i, 16);
            }
            report(ctx, CopySide { dstPlan, pointers, spaces });
        }
        return true;
    }

    void bulk(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
    {
        LaneBits size;
        readOperand(ctx, ins.operands[2], ptx::ScalarType::U32, size);
        for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
            if (!laneOn(mask, static_cast<int>(l)))
                continue;
            if (size[l] % 16 != 0) {
                ctx.fail(FaultKind::Misaligned, l,
                    "cp.async.bulk of " + std::to_string(size[l]) + " bytes (a multiple of 16 is required)");
                return;
            }
            if (!bulkLane(ctx, ins, l, size[l]))
                return;
            // .mbarrier::complete_tx::bytes: the copy's bytes complete on the mbarrier (§9.7.9.25.4.1).
            if (ins.async.completeTx && !completeTxOnLane(ctx, ins, 3, l, static_cast<std::uint32_t>(size[l])))
                return;
        }
    }

} // namespace

void execCp(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    switch (ins.async.op) {
    case ptx::AsyncOp::Copy: copy(ctx, ins, mask); break;
    case ptx::AsyncOp::Bulk: bulk(ctx, ins, mask); break;
    case ptx::AsyncOp::CopyArrive: copyArrive(ctx, ins, mask); break;
    default: break; // commit_group, wait_group, wait_all: every copy has completed already (see above)
    }
}

} // namespace engine::simt
