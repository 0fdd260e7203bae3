#include "engine/simt/exec_context.h"

namespace engine::simt {

void ExecContext::fail(FaultKind kind, std::uint32_t lane, std::string detail)
{
    if (fault.kind != FaultKind::None)
        return; // the first fault of an instruction is the one reported
    fault.kind = kind;
    fault.lane = lane;
    fault.detail = std::move(detail);
}

void bindFrame(ExecContext& ctx)
{
    WarpState& w = *ctx.warp;
    const Frame& f = w.frames.back();
    ctx.fnIndex = f.function;
    ctx.fn = &ctx.plan->module->functions[f.function];
    ctx.layout = &ctx.plan->functions[f.function];
    ctx.pred = w.pred.data() + f.regBase[0];
    ctx.b16 = w.b16.data() + std::size_t { f.regBase[1] } * kWarpLanes;
    ctx.b32 = w.b32.data() + std::size_t { f.regBase[2] } * kWarpLanes;
    ctx.b64 = w.b64.data() + std::size_t { f.regBase[3] } * kWarpLanes;
    ctx.b128 = w.b128.data() + std::size_t { f.regBase[4] } * kWarpLanes * 2;
    ctx.paramBase = f.paramBase;
}

} // namespace engine::simt
