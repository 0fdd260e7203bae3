// PTX ISA 8.5 §9.7.13.15 "mbarrier": init, arrive, arrive_drop, expect_tx, complete_tx, test_wait, try_wait,
// pending_count, inval on the 64-bit object in shared memory (mbarrier_word.h). Every thread of the warp performs
// the operation, in lane order. try_wait blocks the warp until the phase completes (the ISA lets it suspend
// until then, §9.7.13.15.16); CtaRunner releases it.
#include "engine/simt/mbarrier_ops.h"
#include "engine/simt/mbarrier_word.h"
#include "engine/simt/memory_access.h"
#include "engine/simt/operand_access.h"
#include "engine/simt/ops.h"

#include <bit>

namespace engine::simt {

namespace {

    /// Lane `lane`'s mbarrier object (8 bytes, 8-byte aligned, in shared memory: §9.7.13.15.1), or null after
    /// a fault. `offset` receives its shared-memory offset.
    std::uint8_t* mbarrierPointer(ExecContext& ctx, const ptx::Instruction& ins, std::size_t slot, std::uint32_t lane,
        std::uint32_t& offset)
    {
        AccessPlan plan = planAccess(ctx, ins, ins.operands[slot], 8, MemoryOp::Atomic);
        plan.space = ins.space == ptx::StateSpace::Generic ? ptx::StateSpace::Generic : ptx::StateSpace::Shared;
        LaneBits addr;
        readAddress(ctx, ins.operands[slot], addr);
        MemorySpace space;
        std::uint8_t* p = lanePointer(ctx, plan, addr[lane], lane, space);
        if (p && space != MemorySpace::Shared) {
            ctx.fail(FaultKind::OutOfBounds, lane,
                std::string(ptx::asyncOpName(ins.async.op)) + " on an address outside shared memory");
            ctx.fault.address = addr[lane];
            return nullptr;
        }
        offset = static_cast<std::uint32_t>(ctx.addresses[lane]);
        return p;
    }

    /// Tells the observer (the timing model) what the warp's instruction did to the mbarrier at `offset`.
    void notify(ExecContext& ctx, std::uint32_t offset, MbarrierRole role, std::uint32_t parity = 0)
    {
        if (ctx.observer)
            ctx.observer->onMbarrier(
                MbarrierEvent { ctx.warpRef(), ctx.fnIndex, ctx.warp->stack.back().pc - 1, offset, role, parity });
    }

    /// The role of an update that turned `before` into `after`.
    MbarrierRole roleOf(MbarrierWord before, MbarrierWord after)
    {
        return before.parity() != after.parity() ? MbarrierRole::Complete : MbarrierRole::Contribute;
    }

    MbarrierWord readWord(const std::uint8_t* p) { return MbarrierWord(loadBytes(p, 8)); }
    void writeWord(std::uint8_t* p, MbarrierWord w) { storeBytes(p, w.bits(), 8); }

    bool misuse(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t lane, const char* what)
    {
        ctx.fail(FaultKind::Unsupported, lane, std::string(ptx::asyncOpName(ins.async.op)) + ": " + what);
        return false;
    }

    /// The count or tx operand of init/arrive/expect_tx/complete_tx, per lane (1 when absent).
    void countOperand(const ExecContext& ctx, const ptx::Instruction& ins, std::size_t slot, LaneBits& out)
    {
        if (ins.operandCount > static_cast<int>(slot))
            readOperand(ctx, ins.operands[slot], ptx::ScalarType::U32, out);
        else
            out.fill(1);
    }

    /// One lane's operation on its mbarrier; `state` receives the word before it (arrive's result).
    bool applyLane(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t lane, std::uint64_t count,
        std::uint64_t& state)
    {
        const ptx::AsyncDesc& d = ins.async;
        const std::size_t slot = d.op == ptx::AsyncOp::Arrive || d.op == ptx::AsyncOp::ArriveDrop ? 1 : 0;
        std::uint32_t offset = 0;
        std::uint8_t* p = mbarrierPointer(ctx, ins, slot, lane, offset);
        if (!p)
            return false;
        MbarrierWord w = readWord(p);
        state = w.bits();
        if (count > MbarrierWord::kMaxCount)
            return misuse(ctx, ins, lane, "a count above 2^20 - 1");
        const auto n = static_cast<std::uint32_t>(count);
        bool ok = true;
        switch (d.op) {
        case ptx::AsyncOp::Init:
            if (n == 0)
                return misuse(ctx, ins, lane, "a count of 0 (1 to 2^20 - 1)");
            w = MbarrierWord::initialized(n);
            break;
        case ptx::AsyncOp::Inval: w = MbarrierWord(0); break;
        case ptx::AsyncOp::ExpectTx: ok = w.expectTx(n); break;
        case ptx::AsyncOp::CompleteTx: ok = w.completeTx(n); break;
        default: // arrive, arrive_drop; .expect_tx first raises the tx-count (§9.7.13.15.12)
            ok = (!d.expectTx || w.expectTx(n)) && w.arrive(d.expectTx ? 1 : n, d.op == ptx::AsyncOp::ArriveDrop);
            break;
        }
        if (!ok)
            return misuse(ctx, ins, lane, "more arrivals or transactions than the current phase expects");
        if (d.op == ptx::AsyncOp::Init)
            notify(ctx, offset, MbarrierRole::Init);
        else if (d.op != ptx::AsyncOp::Inval)
            notify(ctx, offset, roleOf(MbarrierWord(state), w));
        writeWord(p, w);
        return true;
    }

    /// init, inval, expect_tx, complete_tx, arrive, arrive_drop: each lane in order.
    void update(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
    {
        const bool arrive = ins.async.op == ptx::AsyncOp::Arrive || ins.async.op == ptx::AsyncOp::ArriveDrop;
        LaneBits count;
        countOperand(ctx, ins, arrive ? 2 : 1, count);
        LaneBits state {};
        for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
            if (laneOn(mask, static_cast<int>(l)) && !applyLane(ctx, ins, l, count[l], state[l]))
                return;
        }
        if (arrive && ins.operands[0].kind != ptx::OperandKind::Sink)
            writeOperand(ctx, ins.operands[0], state, mask);
    }

    /// The parity of the phase test_wait/try_wait ask about: the operand itself with .parity, else the parity
    /// recorded in the state an arrive returned.
    std::uint32_t waitedParity(const ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t lane)
    {
        LaneBits v;
        readOperand(ctx, ins.operands[2], ins.async.parity ? ptx::ScalarType::U32 : ptx::ScalarType::B64, v);
        return ins.async.parity ? static_cast<std::uint32_t>(v[lane] & 1U) : MbarrierWord(v[lane]).parity();
    }

    /// test_wait and try_wait: true for the lanes whose phase has completed. try_wait blocks the warp when every
    /// lane waits on the same incomplete phase; test_wait (and a try_wait whose lanes disagree) answers now and
    /// ends the warp's turn, so a polling loop lets the other warps arrive.
    void wait(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
    {
        LaneBits done {};
        std::uint32_t incomplete = 0;
        std::uint32_t firstOffset = 0;
        std::uint32_t firstParity = 0;
        bool uniform = true;
        for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
            if (!laneOn(mask, static_cast<int>(l)))
                continue;
            std::uint32_t offset = 0;
            const std::uint8_t* p = mbarrierPointer(ctx, ins, 1, l, offset);
            if (!p)
                return;
            const std::uint32_t parity = waitedParity(ctx, ins, l);
            done[l] = readWord(p).phaseComplete(parity) ? 1 : 0;
            if (done[l] != 0 || ins.async.op == ptx::AsyncOp::TryWait)
                notify(ctx, offset, MbarrierRole::Wait, parity);
            incomplete |= done[l] ? 0U : 1U << l;
            if (l == static_cast<std::uint32_t>(std::countr_zero(mask))) {
                firstOffset = offset;
                firstParity = parity;
            }
            uniform = uniform && offset == firstOffset && parity == firstParity;
        }
        if (incomplete != 0 && uniform && ins.async.op == ptx::AsyncOp::TryWait) {
            WarpState& w = *ctx.warp;
            w.status = WarpStatus::AtBarrier;
            w.barrier = kMbarrierWait;
            w.barrierPc = w.stack.back().pc - 1;
            w.barrierInstr = &ins;
            w.barrierMask = mask;
            w.mbarrierOffset = firstOffset;
            w.mbarrierParity = firstParity;
            return;
        }
        writeOperand(ctx, ins.operands[0], done, mask);
        if (incomplete != 0)
            ctx.yieldTurn = true;
    }

    void pendingCount(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
    {
        LaneBits state;
        readOperand(ctx, ins.operands[1], ptx::ScalarType::B64, state);
        for (auto& v : state)
            v = MbarrierWord(v).pending();
        writeOperand(ctx, ins.operands[0], state, mask);
    }

} // namespace

bool completeTxOnLane(ExecContext& ctx, const ptx::Instruction& ins, std::size_t slot, std::uint32_t lane,
    std::uint32_t bytes)
{
    std::uint32_t offset = 0;
    std::uint8_t* p = mbarrierPointer(ctx, ins, slot, lane, offset);
    if (!p)
        return false;
    MbarrierWord w = readWord(p);
    const MbarrierWord before = w;
    if (!w.completeTx(bytes))
        return misuse(ctx, ins, lane, "a transaction count outside -(2^20 - 1) .. 2^20 - 1");
    notify(ctx, offset, roleOf(before, w));
    writeWord(p, w);
    return true;
}

void copyArrive(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
        if (!laneOn(mask, static_cast<int>(l)))
            continue;
        std::uint32_t offset = 0;
        std::uint8_t* p = mbarrierPointer(ctx, ins, 0, l, offset);
        if (!p)
            return;
        // Without .noinc the pending count is first raised by one, which the arrive then takes back: the
        // net effect of a completed copy is none (§9.7.9.25.3.2). With .noinc the init count includes it.
        // Either way the phase waits for the lane's copies in model time.
        MbarrierWord w = readWord(p);
        const MbarrierWord before = w;
        if (ins.async.noinc && !w.arrive(1, false)) {
            misuse(ctx, ins, l, "more arrivals than the current phase expects");
            return;
        }
        notify(ctx, offset, roleOf(before, w));
        writeWord(p, w);
    }
}

bool finishMbarrierWait(ExecContext& ctx, WarpState& warp)
{
    const std::vector<std::uint8_t>& shared = ctx.cta->shared;
    if (std::size_t { warp.mbarrierOffset } + 8 > shared.size()
        || !readWord(shared.data() + warp.mbarrierOffset).phaseComplete(warp.mbarrierParity))
        return false;
    LaneBits done;
    done.fill(1);
    writeOperand(ctx, warp.barrierInstr->operands[0], done, warp.barrierMask);
    warp.barrierInstr = nullptr;
    return true;
}

void execMbarrier(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    switch (ins.async.op) {
    case ptx::AsyncOp::TestWait:
    case ptx::AsyncOp::TryWait: wait(ctx, ins, mask); break;
    case ptx::AsyncOp::PendingCount: pendingCount(ctx, ins, mask); break;
    default: update(ctx, ins, mask); break;
    }
}

} // namespace engine::simt
