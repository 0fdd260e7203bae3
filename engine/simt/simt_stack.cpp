#include "engine/simt/simt_stack.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

namespace engine::simt {

namespace {

    void growRegisters(WarpState& w, const ptx::Function& fn, Frame& frame)
    {
        const auto& counts = fn.registers.counts;
        frame.regBase[0] = static_cast<std::uint32_t>(w.pred.size());
        frame.regBase[1] = static_cast<std::uint32_t>(w.b16.size() / kWarpLanes);
        frame.regBase[2] = static_cast<std::uint32_t>(w.b32.size() / kWarpLanes);
        frame.regBase[3] = static_cast<std::uint32_t>(w.b64.size() / kWarpLanes);
        frame.regBase[4] = static_cast<std::uint32_t>(w.b128.size() / (2 * kWarpLanes));
        // Registers start at zero; PTX leaves them undefined, zero keeps runs reproducible.
        w.pred.resize(w.pred.size() + counts[0], 0);
        w.b16.resize(w.b16.size() + std::size_t { counts[1] } * kWarpLanes, 0);
        w.b32.resize(w.b32.size() + std::size_t { counts[2] } * kWarpLanes, 0);
        w.b64.resize(w.b64.size() + std::size_t { counts[3] } * kWarpLanes, 0);
        w.b128.resize(w.b128.size() + std::size_t { counts[4] } * kWarpLanes * 2, 0);
    }

    void shrinkTo(WarpState& w, const Frame& frame)
    {
        w.pred.resize(frame.regBase[0]);
        w.b16.resize(std::size_t { frame.regBase[1] } * kWarpLanes);
        w.b32.resize(std::size_t { frame.regBase[2] } * kWarpLanes);
        w.b64.resize(std::size_t { frame.regBase[3] } * kWarpLanes);
        w.b128.resize(std::size_t { frame.regBase[4] } * kWarpLanes * 2);
        w.params.resize(frame.paramBase);
    }

    /// Copies .param variables between two frames for all lanes (inactive lanes copy harmless bytes).
    void copyParams(ExecContext& ctx, const Frame& from, std::uint32_t fromVar, const Frame& to, std::uint32_t toVar)
    {
        const ptx::Module& m = *ctx.plan->module;
        const FunctionLayout& fl = ctx.plan->functions[from.function];
        const FunctionLayout& tl = ctx.plan->functions[to.function];
        const std::uint64_t size = std::min(m.functions[from.function].variables[fromVar].sizeBytes,
            m.functions[to.function].variables[toVar].sizeBytes);
        std::uint8_t* p = ctx.warp->params.data();
        for (std::size_t l = 0; l < kWarpLanes; ++l) {
            std::memcpy(p + to.paramBase + l * tl.paramFrameBytes + tl.variableOffset[toVar],
                p + from.paramBase + l * fl.paramFrameBytes + fl.variableOffset[fromVar], size);
        }
    }

    void popFrame(ExecContext& ctx)
    {
        WarpState& w = *ctx.warp;
        const Frame callee = w.frames.back();
        const Frame& caller = w.frames[w.frames.size() - 2];
        const ptx::Function& calleeFn = ctx.plan->module->functions[callee.function];
        const ptx::CallSite& site = ctx.plan->module->functions[caller.function].callSites[callee.callSite];
        const std::size_t n = std::min(site.returnParams.size(), calleeFn.returns.size());
        for (std::size_t i = 0; i < n; ++i)
            copyParams(ctx, callee, calleeFn.returns[i], caller, site.returnParams[i]);
        shrinkTo(w, callee);
        w.frames.pop_back();
        bindFrame(ctx);
    }

} // namespace

void branch(ExecContext& ctx, std::uint32_t pc, std::uint32_t target, std::uint32_t reconvergePc, std::uint32_t taken)
{
    std::vector<SimtEntry>& stack = ctx.warp->stack;
    SimtEntry& top = stack.back();
    const std::uint32_t active = top.mask;
    taken &= active;
    if (taken == active) {
        top.pc = target;
        return;
    }
    if (taken == 0)
        return;
    ++ctx.divergentBranches;
    ++(*ctx.counters)[ctx.fnIndex].divergentBranches[pc];
    const std::uint32_t rpc = reconvergePc == ptx::kNoPc
        ? static_cast<std::uint32_t>(ctx.fn->instructions.size())
        : reconvergePc;
    const SimtEntry notTaken { top.pc, rpc, active & ~taken };
    if (top.rpc == rpc) {
        // The entry below already waits at rpc with these lanes: replace instead of nesting, so a
        // divergent loop does not grow the stack by one entry per iteration.
        top = notTaken;
    } else {
        top.pc = rpc;
        stack.push_back(notTaken);
    }
    stack.push_back(SimtEntry { target, rpc, taken });
}

void exitLanes(ExecContext& ctx, std::uint32_t lanes)
{
    WarpState& w = *ctx.warp;
    lanes &= ~w.exitedMask;
    for (SimtEntry& e : w.stack)
        e.mask &= ~lanes;
    w.exitedMask |= lanes;
    ctx.cta->liveThreads -= static_cast<std::uint32_t>(std::popcount(lanes));
}

void returnLanes(ExecContext& ctx, std::uint32_t lanes)
{
    WarpState& w = *ctx.warp;
    for (std::size_t i = w.frames.back().stackBase; i < w.stack.size(); ++i)
        w.stack[i].mask &= ~lanes;
}

void pushCall(ExecContext& ctx, const ptx::CallSite& site, std::uint32_t mask)
{
    WarpState& w = *ctx.warp;
    const ptx::Function& callee = ctx.plan->module->functions[site.callee];
    const FunctionLayout& layout = ctx.plan->functions[site.callee];
    Frame frame;
    frame.function = site.callee;
    frame.callSite = static_cast<std::uint32_t>(&site - ctx.fn->callSites.data());
    frame.stackBase = static_cast<std::uint32_t>(w.stack.size());
    growRegisters(w, callee, frame);
    frame.paramBase = static_cast<std::uint32_t>(w.params.size());
    w.params.resize(w.params.size() + std::size_t { layout.paramFrameBytes } * kWarpLanes, 0);
    const Frame caller = w.frames.back();
    const std::size_t n = std::min(site.argParams.size(), callee.params.size());
    for (std::size_t i = 0; i < n; ++i)
        copyParams(ctx, caller, site.argParams[i], frame, callee.params[i]);
    w.frames.push_back(frame);
    w.stack.push_back(SimtEntry { 0, ptx::kNoPc, mask });
    bindFrame(ctx);
}

void settle(ExecContext& ctx)
{
    WarpState& w = *ctx.warp;
    while (!w.stack.empty()) {
        const SimtEntry& top = w.stack.back();
        if (top.mask != 0 && top.pc != top.rpc)
            return;
        w.stack.pop_back();
        if (w.frames.size() > 1 && w.stack.size() == w.frames.back().stackBase)
            popFrame(ctx);
    }
    w.status = WarpStatus::Done;
}

void initWarp(WarpState& w, const LaunchPlan& plan)
{
    const ptx::Function& kernel = plan.module->functions[plan.kernelIndex];
    w.stack.clear();
    w.frames.clear();
    w.pred.clear();
    w.b16.clear();
    w.b32.clear();
    w.b64.clear();
    w.b128.clear();
    w.params.clear();
    Frame frame;
    frame.function = plan.kernelIndex;
    growRegisters(w, kernel, frame);
    w.params.resize(std::size_t { plan.functions[plan.kernelIndex].paramFrameBytes } * kWarpLanes, 0);
    w.frames.push_back(frame);
    w.stack.push_back(SimtEntry { 0, ptx::kNoPc, w.validMask });
    w.status = w.validMask ? WarpStatus::Ready : WarpStatus::Done;
}

} // namespace engine::simt
