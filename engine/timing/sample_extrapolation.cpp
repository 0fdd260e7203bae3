#include "engine/timing/sample_extrapolation.h"

#include <algorithm>
#include <cmath>

namespace engine::timing {

namespace {

    class Scaler {
    public:
        explicit Scaler(double factor)
            : m_factor(factor)
        {
        }

        void operator()(std::uint64_t& count) const
        {
            count = static_cast<std::uint64_t>(std::llround(static_cast<double>(count) * m_factor));
        }
        void operator()(std::vector<std::uint64_t>& counts) const
        {
            for (auto& count : counts)
                (*this)(count);
        }

    private:
        double m_factor;
    };

    void scaleMemory(MemoryCounterTotals& m, const Scaler& scale)
    {
        for (std::uint64_t* count : { &m.globalLoadRequests, &m.globalLoadSectors, &m.globalLoadTransactions,
                 &m.globalLoadBytesRequested, &m.globalLoadBytesMoved, &m.globalStoreRequests, &m.globalStoreSectors,
                 &m.globalStoreTransactions, &m.globalStoreBytesRequested, &m.globalStoreBytesMoved,
                 &m.sharedLoadRequests, &m.sharedLoadWavefronts, &m.sharedStoreRequests, &m.sharedStoreWavefronts,
                 &m.sharedLoadIdealWavefronts, &m.sharedStoreIdealWavefronts })
            scale(*count);
    }

} // namespace

void extrapolateCounters(TimedLaunch& launch, std::uint64_t simulatedBlocks, std::uint64_t gridBlocks,
    const SteadyWindowCounts& steady)
{
    if (simulatedBlocks == 0 || simulatedBlocks >= gridBlocks)
        return;
    const Scaler scale(static_cast<double>(gridBlocks) / static_cast<double>(simulatedBlocks));
    scale(launch.stats.warpInstructions);
    scale(launch.stats.threadInstructions);
    scale(launch.stats.divergentBranches);
    for (auto& function : launch.stats.perFunction) {
        scale(function.warpExecutions);
        scale(function.threadExecutions);
        scale(function.divergentBranches);
    }
    scaleMemory(launch.memory, scale);
    for (auto& pc : launch.perPcMemory) {
        scale(pc.requests);
        scale(pc.sectors);
        scale(pc.transactions);
        scale(pc.wavefronts);
    }
    scale(launch.bytesRequested);
    const double rest
        = static_cast<double>(gridBlocks - simulatedBlocks) / static_cast<double>(std::max<std::uint64_t>(1, steady.blocks));
    const auto add = [rest](std::uint64_t& count, std::uint64_t overSteady) {
        count += static_cast<std::uint64_t>(std::llround(static_cast<double>(overSteady) * rest));
    };
    const MemoryTraffic& t = steady.traffic;
    add(launch.dramBytesRead, t.dramBytesRead);
    add(launch.dramBytesWritten, t.dramBytesWritten);
    add(launch.caches.l1HitSectors, t.caches.l1HitSectors);
    add(launch.caches.l1MissSectors, t.caches.l1MissSectors);
    add(launch.caches.l2HitSectors, t.caches.l2HitSectors);
    add(launch.caches.l2MissSectors, t.caches.l2MissSectors);
}

} // namespace engine::timing
