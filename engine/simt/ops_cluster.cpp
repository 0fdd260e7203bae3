// Thread-block clusters (CUDA C++ Programming Guide, "Thread Block Clusters", "Distributed Shared Memory"; PTX
// ISA 8.5 §9.7.9.15 mapa, §9.7.13.2 barrier.cluster): a CTA reads and writes the shared memory of the other CTAs
// of its cluster, and all of them meet at the cluster barrier.
#include "engine/simt/address_layout.h"
#include "engine/simt/cluster_ops.h"
#include "engine/simt/operand_access.h"
#include "engine/simt/ops.h"

#include <algorithm>

namespace engine::simt {

namespace {

    std::uint32_t liveWarps(const ClusterState& cluster)
    {
        std::uint32_t live = 0;
        for (const CtaState* cta : cluster.ctas) {
            live += static_cast<std::uint32_t>(std::count_if(cta->warps.begin(), cta->warps.end(),
                [](const WarpState& w) { return w.status != WarpStatus::Done; }));
        }
        return live;
    }

    bool fail(ExecContext& ctx, std::uint32_t lane, std::uint64_t address, const std::string& what)
    {
        ctx.fail(FaultKind::OutOfBounds, lane, what);
        ctx.fault.address = address;
        ctx.fault.space = MemorySpace::Shared;
        return false;
    }

    /// The shared-memory offset inside its CTA of a generic address (mapa.u64's source): in the executing CTA's
    /// window or in the cluster window. False (a fault) for any other address.
    bool genericOffset(ExecContext& ctx, std::uint64_t address, std::uint32_t lane, std::uint64_t& offset)
    {
        if (inSharedWindow(address)) {
            offset = address - kSharedWindowBase;
            return true;
        }
        if (inClusterWindow(address)) {
            offset = (address - kClusterWindowBase) % kClusterRankBytes;
            return true;
        }
        return fail(ctx, lane, address, "mapa of a generic address outside shared memory");
    }

} // namespace

// §9.7.9.15 mapa{.shared::cluster}.type d, a, b: the address, in CTA b of the cluster, of the shared variable
// that a points to in its own CTA; generic when no space is given, .shared::cluster otherwise.
void execMapa(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    LaneBits a;
    LaneBits b;
    readOperand(ctx, ins.operands[1], ins.type, a);
    readOperand(ctx, ins.operands[2], ptx::ScalarType::U32, b);
    const auto ranks = static_cast<std::uint64_t>(ctx.cluster->ctas.size());
    for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
        if (!laneOn(mask, static_cast<int>(l)))
            continue;
        if (b[l] >= ranks && !fail(ctx, l, a[l], "mapa to CTA rank " + std::to_string(b[l]) + " of a cluster of "
                                     + std::to_string(ranks)))
            return;
        std::uint64_t offset = 0;
        if (ins.space == ptx::StateSpace::SharedCluster) {
            offset = a[l] % kClusterRankBytes;
            a[l] = (b[l] + 1) * kClusterRankBytes + offset;
        } else {
            if (!genericOffset(ctx, a[l], l, offset))
                return;
            a[l] = kClusterWindowBase + b[l] * kClusterRankBytes + offset;
        }
    }
    writeOperand(ctx, ins.operands[0], a, mask);
}

std::uint8_t* clusterSharedPointer(ExecContext& ctx, std::uint64_t address, std::uint32_t size, std::uint32_t lane)
{
    const std::uint64_t offset = address % kClusterRankBytes;
    CtaState* cta = ctx.cta;
    if (address >= kClusterRankBytes) {
        const std::uint64_t rank = address / kClusterRankBytes - 1;
        if (rank >= ctx.cluster->ctas.size()) {
            fail(ctx, lane, address, "a distributed shared memory access to CTA rank " + std::to_string(rank)
                    + " of a cluster of " + std::to_string(ctx.cluster->ctas.size()));
            return nullptr;
        }
        cta = ctx.cluster->ctas[rank];
        if (cta != ctx.cta)
            ctx.remoteSharedLanes |= 1U << lane;
    }
    if (offset > cta->shared.size() || cta->shared.size() - offset < size) {
        fail(ctx, lane, address, "a distributed shared memory access outside the CTA's shared memory");
        return nullptr;
    }
    return cta->shared.data() + offset;
}

void completeClusterPhase(ClusterState& cluster)
{
    if (cluster.arrivedWarps > 0 && cluster.arrivedWarps >= liveWarps(cluster)) {
        ++cluster.phase;
        cluster.arrivedWarps = 0;
    }
}

void clusterBarrier(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    (void)mask;
    WarpState& w = *ctx.warp;
    ClusterState& cluster = *ctx.cluster;
    if (ins.mode == ptx::OpMode::Arrive) {
        w.clusterPhase = cluster.phase;
        ++cluster.arrivedWarps;
        completeClusterPhase(cluster);
        return;
    }
    // .wait: done once the phase the warp arrived in has completed.
    if (cluster.phase > w.clusterPhase)
        return;
    w.status = WarpStatus::AtBarrier;
    w.barrier = kClusterWait;
    w.barrierPc = w.stack.back().pc - 1;
}

} // namespace engine::simt
