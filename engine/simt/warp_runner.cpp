#include "engine/simt/warp_runner.h"

#include "engine/simt/ops.h"
#include "engine/simt/simt_stack.h"

#include <bit>

namespace engine::simt {

namespace {

    // PTX ISA 8.5 §9.7.12 (and the reconvergence convention of ret): running off the end of a function
    // behaves like `ret`.
    void fallOffEnd(ExecContext& ctx)
    {
        const std::uint32_t lanes = ctx.warp->stack.back().mask;
        if (ctx.warp->frames.size() == 1)
            exitLanes(ctx, lanes);
        else
            returnLanes(ctx, lanes);
        settle(ctx);
    }

    void notifyIssue(ExecContext& ctx, std::uint32_t pc, std::uint32_t mask)
    {
        ctx.observer->onIssue(IssueEvent { ctx.warpRef(), ctx.fnIndex, pc, mask });
    }

} // namespace

std::uint64_t runWarp(ExecContext& ctx, IssueCounters& counters, std::uint64_t maxInstructions)
{
    WarpState& w = *ctx.warp;
    std::uint64_t issued = 0;
    while (issued < maxInstructions && w.status == WarpStatus::Ready) {
        SimtEntry& top = w.stack.back();
        const std::uint32_t pc = top.pc;
        if (pc >= ctx.fn->instructions.size()) {
            fallOffEnd(ctx);
            continue;
        }
        if (counters.budget != 0 && counters.warpInstructions >= counters.budget) {
            ctx.fail(FaultKind::Budget, static_cast<std::uint32_t>(std::countr_zero(top.mask | 0x80000000u)));
            ctx.fault.function = ctx.fnIndex;
            ctx.fault.pc = pc;
            return issued;
        }
        const ptx::Instruction& ins = ctx.fn->instructions[pc];
        std::uint32_t mask = top.mask;
        if (ins.guarded) // PTX ISA 8.5 §9.3.1: @p / @!p guard each lane
            mask &= ins.guardNegated ? ~ctx.pred[ins.guardReg] : ctx.pred[ins.guardReg];
        PcCounters& pcc = (*ctx.counters)[ctx.fnIndex];
        // Most instructions run on the whole warp: no population count (a library call on baseline x86-64).
        const auto lanes = static_cast<std::uint64_t>(mask == kAllLanes ? kWarpLanes : std::popcount(mask));
        ++pcc.warpExecutions[pc];
        pcc.threadExecutions[pc] += lanes;
        ++counters.warpInstructions;
        counters.threadInstructions += lanes;
        ++ctx.clock;
        ++issued;
        if (ctx.observer)
            notifyIssue(ctx, pc, mask);
        top.pc = pc + 1;
        handlerFor(ins.opcode)(ctx, ins, mask);
        if (ctx.fault.kind != FaultKind::None) {
            ctx.fault.function = ctx.fnIndex;
            ctx.fault.pc = pc;
            return issued;
        }
        const SimtEntry& now = w.stack.back();
        if (now.mask == 0 || now.pc == now.rpc)
            settle(ctx);
        if (ctx.yieldTurn) {
            ctx.yieldTurn = false;
            break;
        }
    }
    return issued;
}

} // namespace engine::simt
