#pragma once

#include "engine/ptx/module.h"

#include <cstdint>
#include <vector>

namespace engine::ptx {

/// Puts the instructions of each straight-line stretch of `function` in the order ptxas would issue them, as a
/// list scheduler does: NVVM writes the PTX of an unrolled loop chain by chain (each load next to its FMA),
/// and ptxas reorders it so that independent work fills the latency of what is waiting — it issues the loads of
/// an unrolled dot product well ahead of their FMAs and interleaves independent FMA chains
/// (bench/hardware/h100/sass/matrix_ab.sass: simpleMultiply's first 16 LDGs come before its first FFMA; the H100's
/// fmaIndependent4 costs what one chain costs, docs/timing_rules_h100.md). In-order issue of the PTX as written
/// waits the full latency at every use.
///
/// What moves: register computations (arithmetic, compare, logic, move, convert, loads of .param and .const)
/// anywhere within their stretch that their register dependences (read after write, write after read, write
/// after write; a guarded write also reads its destination) allow; memory, warp-collective and tensor-core
/// instructions and carry arithmetic too, but in their order among themselves. Nothing moves across a label, a
/// branch target or reconvergence point, or a branch, call, return, exit, barrier, fence, asynchronous copy or a
/// read of %clock/%globaltimer, which stay where they are. Every register and memory word therefore receives the
/// same values in the same order per thread; only the issue order the timing model sees changes. The timing
/// model runs a scheduled copy of the module (TimedExecutor) and reports per-PC results in the PTX's own order, so
/// the PTX view, the Warp Stepper and stored runs keep the text's order.
///
/// The priority is the longest latency-weighted path to the end of the stretch (one generic latency per class:
/// ptxas's own machine model is not published); ties keep the PTX order. At most kMaxLoadsInFlight loads whose
/// results are still unused are hoisted ahead, the register budget ptxas keeps (the 16 LDGs above).
///
/// Returns, for each instruction's new PC, its PC in the PTX as written.
std::vector<std::uint32_t> scheduleIssueOrder(Function& function);

inline constexpr int kMaxLoadsInFlight = 16;

} // namespace engine::ptx
