#pragma once

#include "engine/simt/exec_context.h"

namespace engine::simt {

/// barrier.cluster.arrive / .wait (PTX ISA 8.5 §9.7.13.2) for the lanes in `mask`: the arrival is counted per
/// warp; wait blocks the warp (WarpStatus::AtBarrier, kClusterWait) until the phase it arrived in completes.
void clusterBarrier(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask);

/// Completes the cluster barrier's phase once every warp of the cluster that has not exited has arrived.
void completeClusterPhase(ClusterState& cluster);

/// Lane `lane`'s host pointer into the shared memory a .shared::cluster address names (address_layout.h): its
/// own CTA's below kClusterRankBytes, else that of rank address / kClusterRankBytes - 1. Null after a fault.
std::uint8_t* clusterSharedPointer(ExecContext& ctx, std::uint64_t address, std::uint32_t size, std::uint32_t lane);

} // namespace engine::simt
