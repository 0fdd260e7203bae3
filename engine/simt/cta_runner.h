#pragma once

#include "engine/simt/exec_context.h"
#include "engine/simt/warp_runner.h"

#include <stop_token>

namespace engine::simt {

/// Runs the warps of one CTA at a time. Scheduling policy (deterministic): warps take turns in index
/// order, each running until it waits at a barrier, finishes, or has issued kSliceInstructions; after
/// each turn completed barriers release their warps. When no warp can run but some wait, the barrier
/// can never complete: a deadlock fault. One object per worker thread; reusable for the next block.
class CtaRunner {
public:
    static constexpr std::uint64_t kSliceInstructions = 4096;

    CtaRunner(const LaunchPlan& plan, DeviceMemory& memory, ExecutionObserver* observer,
        std::vector<PcCounters>& counters, IssueCounters& issue);

    /// Resets the CTA state for block `linear` (x fastest), every warp at PC 0.
    void start(std::uint64_t linear);
    /// Runs until every warp is done or a fault; false on a fault (see context().fault).
    bool runToCompletion(const std::stop_token& stop);

    /// Runs warp `w` for at most `n` instructions; then releases completed barriers. False on a fault.
    bool runWarpFor(std::uint32_t w, std::uint64_t n);
    /// Releases barriers whose arrivals are complete (PTX ISA 8.5 §9.7.13.1, and §9.7.12.5: exited
    /// threads no longer hold up a barrier for all threads). Returns true when some warp was released.
    bool releaseBarriers();
    /// Lets warps waiting in mbarrier.try_wait go on once their phase completed (PTX ISA 8.5 §9.7.13.15.16).
    bool releaseMbarrierWaits();
    /// Completes the cluster barrier when every live warp of the cluster has arrived, and lets this CTA's warps
    /// waiting in barrier.cluster.wait go on once their phase completed (§9.7.13.2).
    bool releaseClusterWaits();
    /// Makes the CTA rank `rank` of `cluster` (a cluster launch, cooperative_grid.h); by default a CTA is a
    /// cluster of one.
    void setCluster(ClusterState* cluster, std::uint32_t rank);
    /// True when every warp is done.
    bool finished() const;
    /// Records a deadlock fault when no warp is ready but some are not done; returns true if so.
    bool detectDeadlock();

    ExecContext& context() { return m_ctx; }
    const ExecContext& context() const { return m_ctx; }
    CtaState& cta() { return m_cta; }
    const CtaState& cta() const { return m_cta; }

private:
    void bindWarp(std::uint32_t w);
    static void resetWarp(WarpState& warp, std::uint32_t w);
    void release(std::uint32_t barrier);
    std::uint32_t liveWarps() const;

    const LaunchPlan& m_plan;
    CtaState m_cta;
    ClusterState m_ownCluster; ///< the cluster of one of a launch without clusters
    ExecContext m_ctx;
    IssueCounters& m_issue;
};

} // namespace engine::simt
