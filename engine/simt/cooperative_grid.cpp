#include "engine/simt/cooperative_grid.h"

#include "engine/occupancy/occupancy_calculator.h"

#include <algorithm>

namespace engine::simt {

CooperativeGrid::CooperativeGrid(const LaunchPlan& plan, DeviceMemory& memory, ExecutionObserver* observer,
    std::vector<PcCounters>& counters, IssueCounters& issue)
{
    m_blocks.reserve(plan.blockCount);
    for (std::uint64_t b = 0; b < plan.blockCount; ++b) {
        m_blocks.push_back(std::make_unique<CtaRunner>(plan, memory, observer, counters, issue));
        m_blocks.back()->start(b);
    }
    if (plan.clusterSize() > 1)
        formClusters(plan);
}

void CooperativeGrid::formClusters(const LaunchPlan& plan)
{
    // The CUDA C++ Programming Guide's "Thread Block Clusters": the cluster of a CTA is its ctaid divided by the
    // cluster shape, its rank the ctaid modulo the shape, x fastest (%clusterid, %cluster_ctarank).
    const auto& c = plan.cluster;
    const std::array<std::uint32_t, 3> clusters { plan.grid[0] / c[0], plan.grid[1] / c[1], plan.grid[2] / c[2] };
    m_clusters.resize(std::size_t { clusters[0] } * clusters[1] * clusters[2]);
    for (auto& cluster : m_clusters) {
        cluster = std::make_unique<ClusterState>();
        cluster->ctas.resize(plan.clusterSize());
    }
    for (auto& block : m_blocks) {
        const auto& id = block->cta().ctaid;
        const std::size_t cluster
            = id[0] / c[0] + std::size_t { clusters[0] } * (id[1] / c[1] + std::size_t { clusters[1] } * (id[2] / c[2]));
        const std::uint32_t rank = id[0] % c[0] + c[0] * (id[1] % c[1] + c[1] * (id[2] % c[2]));
        m_clusters[cluster]->ctas[rank] = &block->cta();
        block->setCluster(m_clusters[cluster].get(), rank);
    }
}

bool CooperativeGrid::run(const std::stop_token& stop)
{
    while (std::any_of(m_blocks.begin(), m_blocks.end(), [](const auto& b) { return !b->finished(); })) {
        if (stop.stop_requested()) {
            m_blocks.front()->context().fail(FaultKind::Cancelled, 0);
            m_faulted = 0;
            return false;
        }
        bool ran = false;
        if (!round(ran))
            return false;
        if (!ran && detectDeadlock())
            return false;
    }
    return true;
}

bool CooperativeGrid::round(bool& ran)
{
    for (std::size_t b = 0; b < m_blocks.size(); ++b) {
        CtaRunner& block = *m_blocks[b];
        block.releaseBarriers(); // a cluster barrier other CTAs completed
        for (std::uint32_t w = 0; w < block.cta().warps.size(); ++w) {
            if (block.cta().warps[w].status != WarpStatus::Ready)
                continue;
            ran = true;
            if (!block.runWarpFor(w, kSliceInstructions)) {
                m_faulted = b;
                return false;
            }
        }
    }
    return true;
}

bool CooperativeGrid::detectDeadlock()
{
    for (std::size_t b = 0; b < m_blocks.size(); ++b) {
        if (m_blocks[b]->detectDeadlock()) {
            m_faulted = b;
            return true;
        }
    }
    return false;
}

std::uint64_t CooperativeGrid::divergentBranches() const
{
    std::uint64_t n = 0;
    for (const auto& b : m_blocks)
        n += b->context().divergentBranches;
    return n;
}

std::optional<Error> checkCooperativeFit(
    const DeviceProfile& profile, const LaunchPlan& plan, std::uint32_t registersPerThread)
{
    const std::string name = kernelDisplayName(plan.module->functions[plan.kernelIndex]);
    if (profile.computeCapability.major < 6)
        return Error(ErrorCode::InvalidArgument,
            "cooperative launch of " + name + ": " + profile.id + " (compute capability "
                + std::to_string(profile.computeCapability.major) + "."
                + std::to_string(profile.computeCapability.minor)
                + ") does not support cooperative launches (compute capability 6.0 and later do)");
    const OccupancyInput input {static_cast<int>(plan.threadsPerBlock), static_cast<int>(registersPerThread),
        static_cast<int>(plan.sharedBytes + plan.reservedSharedBytes)};
    auto occupancy = calculateOccupancy(profile, input);
    if (!occupancy)
        return occupancy.error();
    const auto resident
        = static_cast<std::uint64_t>(occupancy->blocksPerSm) * static_cast<std::uint64_t>(profile.smCount);
    if (plan.blockCount > resident)
        return Error(ErrorCode::InvalidArgument,
            "cooperative launch of " + name + ": " + std::to_string(plan.blockCount) + " blocks, but at most "
                + std::to_string(resident) + " can be resident at once on " + profile.id + " ("
                + std::to_string(occupancy->blocksPerSm) + " per SM x " + std::to_string(profile.smCount)
                + " SMs; cudaErrorCooperativeLaunchTooLarge)");
    return std::nullopt;
}

std::uint64_t gridSyncWorkspace(DeviceMemory& memory)
{
    constexpr std::string_view kName = "grid-sync workspace";
    if (const Allocation* a = memory.findByName(kName)) {
        std::fill(memory.bytes(a->address).begin(), memory.bytes(a->address).end(), std::uint8_t {0});
        return a->address;
    }
    return memory.allocate(std::string(kName), 16);
}

} // namespace engine::simt
