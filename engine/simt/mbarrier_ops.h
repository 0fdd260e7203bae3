#pragma once

#include "engine/simt/exec_context.h"

namespace engine::simt {

/// complete-tx of `bytes` on the mbarrier whose address is operand `slot` of `ins`, for lane `lane`
/// (cp.async.bulk's .mbarrier::complete_tx::bytes, PTX ISA 8.5 §9.7.9.25.4.1). False after a fault.
bool completeTxOnLane(ExecContext& ctx, const ptx::Instruction& ins, std::size_t slot, std::uint32_t lane,
    std::uint32_t bytes);

/// cp.async.mbarrier.arrive{.noinc} (§9.7.9.25.3.2): an arrive-on the mbarrier once the lane's earlier
/// cp.async have completed, which in the functional run they have.
void copyArrive(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask);

/// Whether warp `warp`, waiting in mbarrier.try_wait (WarpState::barrier == kMbarrierWait), may go on: the
/// phase it waits for has completed. Then writes true to the instruction's predicate for its lanes.
bool finishMbarrierWait(ExecContext& ctx, WarpState& warp);

} // namespace engine::simt
