#pragma once

#include "engine/common/result.h"
#include "engine/simt/cta_runner.h"

#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

namespace engine::simt {

/// A cooperative launch (cudaLaunchCooperativeKernel; CUDA C++ Programming Guide, "Cooperative Groups",
/// "Grid Synchronization"): every block of the grid is resident at once, so blocks may wait for each
/// other. The runtime's grid_group::sync() is a barrier in global memory: one thread per block adds to a
/// counter in the launch's workspace (atom.add.release.gpu) and polls it (ld.acquire.gpu) until the last
/// block has arrived. warpscope runs that code as it is: the workspace is a zeroed global allocation whose
/// address %envreg1:%envreg2 give (launch_environment.h), and all blocks run interleaved — round-robin
/// over blocks, each block's ready warps in index order for up to kSliceInstructions, a polling load
/// ending a warp's turn — so a block that polls lets the others reach the barrier. Deterministic.
/// A launch of thread-block clusters runs the same way, each CTA knowing the CTAs of its cluster (ClusterState)
/// for distributed shared memory and barrier.cluster.
/// Lives on the thread that runs the launch.
class CooperativeGrid {
public:
    static constexpr std::uint64_t kSliceInstructions = 256;

    CooperativeGrid(const LaunchPlan& plan, DeviceMemory& memory, ExecutionObserver* observer,
        std::vector<PcCounters>& counters, IssueCounters& issue);

    /// Runs every block to completion; false on a fault (see faultContext()).
    bool run(const std::stop_token& stop);
    /// The context of the block that faulted.
    const ExecContext& faultContext() const { return m_blocks[m_faulted]->context(); }
    /// Divergent branches of all blocks.
    std::uint64_t divergentBranches() const;

private:
    /// One turn of every unfinished block; false on a fault. `ran` tells whether any warp ran.
    bool round(bool& ran);
    /// When no warp of any block can run but some are not done: a deadlock fault in the first such block.
    bool detectDeadlock();
    /// Groups the blocks of a cluster launch into their clusters (LaunchPlan::cluster).
    void formClusters(const LaunchPlan& plan);

    std::vector<std::unique_ptr<CtaRunner>> m_blocks;
    std::vector<std::unique_ptr<ClusterState>> m_clusters;
    std::size_t m_faulted = 0;
};

/// Checks what cudaLaunchCooperativeKernel checks: the device supports cooperative launches (compute
/// capability 6.0 and later, cudaDevAttrCooperativeLaunch) and the grid is no larger than the blocks that
/// can be resident at once, blocks per SM (the occupancy calculator's) times SMs
/// (cudaErrorCooperativeLaunchTooLarge otherwise).
std::optional<Error> checkCooperativeFit(
    const DeviceProfile& profile, const LaunchPlan& plan, std::uint32_t registersPerThread);

/// The grid-sync workspace of a cooperative launch: a 16-byte global allocation, zeroed for each launch.
std::uint64_t gridSyncWorkspace(DeviceMemory& memory);

} // namespace engine::simt
