#include "engine/simt/cta_runner.h"

#include "engine/simt/cluster_ops.h"
#include "engine/simt/mbarrier_ops.h"
#include "engine/simt/operand_access.h"
#include "engine/simt/simt_stack.h"

#include <algorithm>
#include <bit>

namespace engine::simt {

CtaRunner::CtaRunner(const LaunchPlan& plan, DeviceMemory& memory, ExecutionObserver* observer,
    std::vector<PcCounters>& counters, IssueCounters& issue)
    : m_plan(plan)
    , m_issue(issue)
{
    m_ctx.plan = &plan;
    m_ctx.memory = &memory;
    m_ctx.cta = &m_cta;
    m_ctx.observer = observer;
    m_ctx.counters = &counters;
    m_ctx.printfLog = plan.printfLog;
    m_cta.warps.resize(plan.warpsPerBlock);
    m_ownCluster.ctas = { &m_cta };
    m_ctx.cluster = &m_ownCluster;
    // Every block of the launch has the same shape: each warp's lanes and their %tid are set once, here, and start()
    // leaves them.
    const auto& b = plan.block;
    for (std::uint32_t w = 0; w < plan.warpsPerBlock; ++w) {
        WarpState& warp = m_cta.warps[w];
        // Programming Guide 0.8.2 §3.2: warps take consecutive thread IDs, x fastest (tid = x + y Dx + z Dx Dy).
        const std::uint32_t first = w * kWarpLanes;
        const std::uint32_t lanes = std::min<std::uint32_t>(kWarpLanes, plan.threadsPerBlock - first);
        warp.validMask = lanes == kWarpLanes ? kAllLanes : (1u << lanes) - 1u;
        std::uint32_t x = first % b[0];
        std::uint32_t y = first / b[0] % b[1];
        std::uint32_t z = first / (b[0] * b[1]);
        for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
            warp.tid[0][l] = x;
            warp.tid[1][l] = y;
            warp.tid[2][l] = z;
            if (++x == b[0]) {
                x = 0;
                if (++y == b[1]) {
                    y = 0;
                    ++z;
                }
            }
        }
    }
}

void CtaRunner::setCluster(ClusterState* cluster, std::uint32_t rank)
{
    m_ctx.cluster = cluster;
    m_ctx.clusterRank = rank;
}

void CtaRunner::start(std::uint64_t linear)
{
    const auto& g = m_plan.grid;
    m_cta.linear = linear;
    m_cta.ctaid = { static_cast<std::uint32_t>(linear % g[0]), static_cast<std::uint32_t>(linear / g[0] % g[1]),
        static_cast<std::uint32_t>(linear / (std::uint64_t { g[0] } * g[1])) };
    // Shared and local memory start zeroed (hardware leaves them undefined; zero is reproducible).
    m_cta.shared.assign(m_plan.reservedSharedBase + m_plan.reservedSharedBytes, 0);
    m_cta.local.assign(m_plan.localBytesPerThread * m_plan.threadsPerBlock, 0);
    m_cta.barriers = {};
    m_ownCluster.arrivedWarps = 0;
    m_ownCluster.phase = 0;
    m_cta.liveThreads = m_plan.threadsPerBlock;
    for (std::uint32_t w = 0; w < m_plan.warpsPerBlock; ++w) {
        WarpState& warp = m_cta.warps[w];
        resetWarp(warp, w);
        initWarp(warp, m_plan);
        if (m_ctx.observer)
            m_ctx.observer->onWarpBegin(WarpRef { m_cta.ctaid, linear, w });
    }
    m_ctx.fault = Fault {};
}

void CtaRunner::resetWarp(WarpState& warp, std::uint32_t w)
{
    // Field by field, so the register vectors keep their capacity from the previous block.
    warp.index = w;
    warp.exitedMask = 0;
    warp.status = WarpStatus::Ready;
    warp.barrier = 0;
    warp.barrierPc = 0;
    warp.barrierInstr = nullptr;
    warp.barrierMask = 0;
    warp.clusterPhase = 0;
    warp.carry = 0;
}

void CtaRunner::bindWarp(std::uint32_t w)
{
    m_ctx.warp = &m_cta.warps[w];
    bindFrame(m_ctx);
}

bool CtaRunner::runWarpFor(std::uint32_t w, std::uint64_t n)
{
    WarpState& warp = m_cta.warps[w];
    if (warp.status != WarpStatus::Ready)
        return true;
    bindWarp(w);
    runWarp(m_ctx, m_issue, n);
    if (m_ctx.fault.kind != FaultKind::None)
        return false;
    if (warp.status == WarpStatus::Done && m_ctx.observer)
        m_ctx.observer->onWarpEnd(m_ctx.warpRef());
    releaseBarriers();
    return true;
}

bool CtaRunner::runToCompletion(const std::stop_token& stop)
{
    while (!finished()) {
        if (stop.stop_requested()) {
            m_ctx.fail(FaultKind::Cancelled, 0);
            return false;
        }
        bool ran = false;
        for (std::uint32_t w = 0; w < m_cta.warps.size(); ++w) {
            if (m_cta.warps[w].status != WarpStatus::Ready)
                continue;
            ran = true;
            if (!runWarpFor(w, kSliceInstructions))
                return false;
        }
        if (!ran && detectDeadlock())
            return false;
    }
    return true;
}

std::uint32_t CtaRunner::liveWarps() const
{
    return static_cast<std::uint32_t>(std::count_if(m_cta.warps.begin(), m_cta.warps.end(),
        [](const WarpState& w) { return w.status != WarpStatus::Done; }));
}

bool CtaRunner::releaseMbarrierWaits()
{
    bool released = false;
    WarpState* const previous = m_ctx.warp;
    for (WarpState& warp : m_cta.warps) {
        if (warp.status != WarpStatus::AtBarrier || warp.barrier != kMbarrierWait)
            continue;
        bindWarp(warp.index);
        if (!finishMbarrierWait(m_ctx, warp))
            continue;
        warp.status = WarpStatus::Ready;
        released = true;
        if (m_ctx.observer)
            m_ctx.observer->onBarrier(BarrierEvent { WarpRef { m_cta.ctaid, m_cta.linear, warp.index }, kMbarrierWait,
                warp.barrierPc, BarrierPhase::Release });
    }
    if (previous) {
        m_ctx.warp = previous;
        bindFrame(m_ctx);
    }
    return released;
}

bool CtaRunner::releaseClusterWaits()
{
    ClusterState& cluster = *m_ctx.cluster;
    completeClusterPhase(cluster);
    bool released = false;
    for (WarpState& warp : m_cta.warps) {
        if (warp.status != WarpStatus::AtBarrier || warp.barrier != kClusterWait || cluster.phase <= warp.clusterPhase)
            continue;
        warp.status = WarpStatus::Ready;
        released = true;
        if (m_ctx.observer)
            m_ctx.observer->onBarrier(BarrierEvent { WarpRef { m_cta.ctaid, m_cta.linear, warp.index }, kClusterWait,
                warp.barrierPc, BarrierPhase::Release });
    }
    return released;
}

bool CtaRunner::releaseBarriers()
{
    bool released = releaseMbarrierWaits();
    released = releaseClusterWaits() || released;
    const std::uint32_t live = liveWarps();
    for (std::uint32_t b = 0; b < kBarrierCount; ++b) {
        const BarrierState& bar = m_cta.barriers[b];
        if (bar.arrivedWarps == 0)
            continue;
        const std::uint32_t expected = bar.expectedWarps ? bar.expectedWarps : live;
        if (bar.arrivedWarps >= expected) {
            release(b);
            released = true;
        }
    }
    return released;
}

void CtaRunner::release(std::uint32_t b)
{
    BarrierState bar = m_cta.barriers[b];
    m_cta.barriers[b] = BarrierState {};
    WarpState* const previous = m_ctx.warp;
    for (std::uint32_t w = 0; w < m_cta.warps.size(); ++w) {
        if (((bar.waitingWarps >> w) & 1u) == 0)
            continue;
        WarpState& warp = m_cta.warps[w];
        warp.status = WarpStatus::Ready;
        if (const ptx::Instruction* red = warp.barrierInstr) {
            // PTX ISA 8.5 §9.7.13.1 bar.red: every participating thread receives the reduction.
            bindWarp(w);
            LaneBits v;
            const std::uint64_t value = red->mode == ptx::OpMode::And ? (bar.allTrue ? 1u : 0u)
                : red->mode == ptx::OpMode::Or                        ? (bar.anyTrue ? 1u : 0u)
                                                                      : bar.popcount;
            v.fill(value);
            writeOperand(m_ctx, red->operands[0], v, warp.barrierMask);
            warp.barrierInstr = nullptr;
        }
        if (m_ctx.observer)
            m_ctx.observer->onBarrier(BarrierEvent { WarpRef { m_cta.ctaid, m_cta.linear, w }, b, warp.barrierPc,
                BarrierPhase::Release });
    }
    if (previous) {
        m_ctx.warp = previous;
        bindFrame(m_ctx);
    }
}

bool CtaRunner::finished() const
{
    return std::all_of(m_cta.warps.begin(), m_cta.warps.end(),
        [](const WarpState& w) { return w.status == WarpStatus::Done; });
}

bool CtaRunner::detectDeadlock()
{
    if (finished())
        return false;
    for (const WarpState& w : m_cta.warps) {
        if (w.status == WarpStatus::Ready)
            return false;
    }
    std::string detail;
    std::uint32_t first = 0;
    bool found = false;
    for (const WarpState& w : m_cta.warps) {
        if (w.status != WarpStatus::AtBarrier)
            continue;
        if (!found) {
            first = w.index;
            found = true;
        }
        if (w.barrier == kClusterWait) {
            detail += (detail.empty() ? "" : "; ") + std::string("warp ") + std::to_string(w.index)
                + " waits in barrier.cluster.wait (PC " + std::to_string(w.barrierPc) + ", "
                + std::to_string(m_ctx.cluster->arrivedWarps) + " warps of the cluster arrived)";
            continue;
        }
        if (w.barrier == kMbarrierWait) {
            detail += (detail.empty() ? "" : "; ") + std::string("warp ") + std::to_string(w.index)
                + " waits in mbarrier.try_wait (PC " + std::to_string(w.barrierPc) + ") for the phase of parity "
                + std::to_string(w.mbarrierParity) + " of the mbarrier at shared offset "
                + std::to_string(w.mbarrierOffset);
            continue;
        }
        const BarrierState& bar = m_cta.barriers[w.barrier];
        detail += (detail.empty() ? "" : "; ") + std::string("warp ") + std::to_string(w.index) + " waits at barrier "
            + std::to_string(w.barrier) + " (PC " + std::to_string(w.barrierPc) + ", "
            + std::to_string(bar.arrivedWarps) + " of "
            + (bar.expectedWarps ? std::to_string(bar.expectedWarps) : std::to_string(liveWarps())) + " warps arrived)";
    }
    m_ctx.warp = &m_cta.warps[first];
    bindFrame(m_ctx);
    m_ctx.fail(FaultKind::Deadlock, static_cast<std::uint32_t>(std::countr_zero(m_ctx.warp->validMask)), detail);
    m_ctx.fault.function = m_ctx.fnIndex;
    m_ctx.fault.pc = m_ctx.warp->barrierPc;
    return true;
}

} // namespace engine::simt
