// PTX ISA 8.5 §9.7.13 "Parallel Synchronization and Communication": bar/barrier, membar/fence.
#include "engine/simt/cluster_ops.h"
#include "engine/simt/operand_access.h"
#include "engine/simt/ops.h"

#include <bit>

namespace engine::simt {

namespace {

    /// Operand `i` as one value: barrier ids and counts are warp-uniform (§9.7.13.1), so the lowest
    /// active lane's value is used.
    std::uint32_t uniformValue(const ExecContext& ctx, const ptx::Operand& op, std::uint32_t mask)
    {
        LaneBits v;
        readOperand(ctx, op, ptx::ScalarType::U32, v);
        return static_cast<std::uint32_t>(v[static_cast<std::size_t>(std::countr_zero(mask | 0x80000000u))]);
    }

    enum class BarKind { Sync, Arrive, Red };

    BarKind kindOf(const ptx::Instruction& ins)
    {
        switch (ins.mode) {
        case ptx::OpMode::Arrive: return BarKind::Arrive;
        case ptx::OpMode::Red:
        case ptx::OpMode::And:
        case ptx::OpMode::Or: return BarKind::Red;
        default: return BarKind::Sync; // bar.sync, barrier.sync, and bare `bar a` (same as bar.sync)
        }
    }

    void accumulate(ExecContext& ctx, const ptx::Instruction& ins, BarrierState& bar, std::uint32_t mask)
    {
        // bar.red d, a{, b}, {!}c: the predicate c is the last operand.
        LaneBits c;
        readOperand(ctx, ins.operands[ins.operandCount - 1], ptx::ScalarType::Pred, c);
        std::uint32_t bits = 0;
        for (std::uint32_t l = 0; l < kWarpLanes; ++l)
            bits |= static_cast<std::uint32_t>(c[l] & 1u) << l;
        bits &= mask;
        bar.popcount += static_cast<std::uint32_t>(std::popcount(bits));
        bar.allTrue = bar.allTrue && bits == mask;
        bar.anyTrue = bar.anyTrue || bits != 0;
        ctx.warp->barrierInstr = &ins;
        ctx.warp->barrierMask = mask;
    }

    void arrive(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
    {
        const BarKind kind = kindOf(ins);
        const bool red = kind == BarKind::Red;
        const std::size_t idOperand = red ? 1 : 0;
        const std::uint32_t id = ins.operandCount > idOperand
            ? uniformValue(ctx, ins.operands[idOperand], mask | ctx.warp->stack.back().mask)
            : 0;
        if (id >= kBarrierCount) {
            ctx.fail(FaultKind::Unsupported, 0, "barrier number " + std::to_string(id) + " (0..15 exist)");
            return;
        }
        BarrierState& bar = ctx.cta->barriers[id];
        const std::size_t countOperand = idOperand + 1;
        const bool hasCount = red ? ins.operandCount == 4 : ins.operandCount >= 2;
        if (hasCount) {
            // §9.7.13.1: b threads, a multiple of the warp size, i.e. b / 32 warps.
            bar.expectedWarps = (uniformValue(ctx, ins.operands[countOperand], mask) + kWarpLanes - 1) / kWarpLanes;
        }
        if (red)
            accumulate(ctx, ins, bar, mask);
        ++bar.arrivedWarps;
        WarpState& w = *ctx.warp;
        const std::uint32_t pc = w.stack.back().pc - 1;
        if (ctx.observer)
            ctx.observer->onBarrier(BarrierEvent { ctx.warpRef(), id, pc, BarrierPhase::Arrive });
        if (kind == BarKind::Arrive)
            return; // bar.arrive does not wait
        bar.waitingWarps |= std::uint64_t { 1 } << w.index;
        w.status = WarpStatus::AtBarrier;
        w.barrier = id;
        w.barrierPc = pc;
    }

} // namespace

// §9.7.13.1 bar / barrier: the warp arrives at barrier a (all threads of the CTA, or b threads) and,
// except for .arrive, waits until the barrier completes. bar.warp.sync (§9.7.13.2, __syncwarp) makes
// the named lanes meet; warpscope's warps always reconverge at immediate post-dominators, so the lanes
// of the mask have already met and the instruction has nothing to wait for.
void execBar(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (ins.has(ptx::FlagWarp))
        return;
    if (ins.scope == ptx::MemScope::Cluster) { // §9.7.13.2 barrier.cluster.arrive / .wait
        clusterBarrier(ctx, ins, mask);
        return;
    }
    arrive(ctx, ins, mask);
}

void execBarrier(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask) { execBar(ctx, ins, mask); }

// §9.7.13.4 membar / fence: ordering only. The functional model executes one instruction at a time,
// so every write is visible to every later read already.
void execMembar(ExecContext&, const ptx::Instruction&, std::uint32_t) { }
void execFence(ExecContext&, const ptx::Instruction&, std::uint32_t) { }

} // namespace engine::simt
