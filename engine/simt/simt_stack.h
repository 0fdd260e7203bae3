#pragma once

#include "engine/simt/exec_context.h"

namespace engine::simt {

/// Applies a branch at the top of the SIMT stack. `taken` are the lanes whose guard held. When both
/// paths have lanes, the current entry becomes the reconvergence entry at `reconvergePc` and the
/// not-taken then the taken path are pushed, so the taken path executes first (DIGEST §12.3 leaves
/// the order open; warpscope fixes it). Counts a divergent branch.
void branch(ExecContext& ctx, std::uint32_t pc, std::uint32_t target, std::uint32_t reconvergePc, std::uint32_t taken);

/// `exit` (PTX ISA 8.5 §9.7.12.5) or `ret` from the kernel: the lanes leave every stack entry.
void exitLanes(ExecContext& ctx, std::uint32_t lanes);

/// `ret` from a .func (§9.7.12.4): the lanes leave the current frame's entries and wait in the caller.
void returnLanes(ExecContext& ctx, std::uint32_t lanes);

/// `call` (§9.7.12.3): pushes a frame for the callee, copies the argument .params per lane, and starts
/// the callee with the lanes in `mask`. The caller resumes at its current fall-through PC.
void pushCall(ExecContext& ctx, const ptx::CallSite& site, std::uint32_t mask);

/// Pops entries that reached their reconvergence PC or lost all lanes, and frames left empty (copying
/// return values); marks the warp Done when nothing is left.
void settle(ExecContext& ctx);

/// Sets up a warp's kernel frame and bottom stack entry (all valid lanes at PC 0).
void initWarp(WarpState& warp, const LaunchPlan& plan);

} // namespace engine::simt
