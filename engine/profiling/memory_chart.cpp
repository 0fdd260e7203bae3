#include "engine/profiling/memory_chart.h"

#include "engine/profiling/roofline.h"

namespace engine {

namespace {

std::optional<double> percentOf(
    const DeviceProfile& profile, const LaunchCounters& launch, MemoryLevel level, std::uint64_t bytes)
{
    const auto peak = memoryPeak(profile, level);
    const auto seconds = launch.seconds(profile.coreClockMhz);
    if (!peak || !seconds)
        return std::nullopt;
    return 100.0 * double(bytes) / (*peak * *seconds);
}

std::string l1Label(const DeviceProfile& profile)
{
    return profile.caches.l1LineBytes > 0 && profile.coalescing == CoalescingGeneration::Cc20
        ? "L1 (" + std::to_string(profile.caches.l1LineBytes) + "-byte lines)"
        : "L1 (32-byte sectors)";
}

void addSharedPath(MemoryChart& chart, const DeviceProfile& profile, const LaunchCounters& launch)
{
    const auto& m = launch.memory;
    if (m.sharedLoadRequests + m.sharedStoreRequests == 0)
        return;
    chart.nodes.push_back({"shared", "Shared memory", std::nullopt});
    const auto bytes = levelBytes(profile, launch, MemoryLevel::Shared).value_or(0);
    chart.links.push_back({"kernel", "shared", m.sharedLoadRequests + m.sharedStoreRequests,
        m.sharedLoadWavefronts + m.sharedStoreWavefronts, 0, bytes,
        percentOf(profile, launch, MemoryLevel::Shared, bytes)});
}

/// The cache path of global data below the global space; `from` is the box the traffic leaves.
void addCachePath(MemoryChart& chart, const DeviceProfile& profile, const LaunchCounters& launch)
{
    std::string from = "global";
    const auto l1Bytes = levelBytes(profile, launch, MemoryLevel::L1);
    const auto& m = launch.memory;
    if (l1Bytes) {
        chart.nodes.push_back({"l1", l1Label(profile), launch.caches ? launch.caches->l1HitRate() : std::nullopt});
        chart.links.push_back({"global", "l1", 0, m.globalLoadSectors + m.globalStoreSectors, 0, *l1Bytes,
            percentOf(profile, launch, MemoryLevel::L1, *l1Bytes)});
        from = "l1";
    }
    if (profile.caches.l2Bytes > 0) {
        chart.nodes.push_back({"l2", "L2", launch.caches ? launch.caches->l2HitRate() : std::nullopt});
        const auto bytes = levelBytes(profile, launch, MemoryLevel::L2);
        // Untimed, the caches are not simulated: the sectors the coalescer produced all reach the L2.
        const std::uint64_t l2Bytes = bytes.value_or((m.globalLoadSectors + m.globalStoreSectors) * 32);
        chart.links.push_back(
            {from, "l2", 0, l2Bytes / 32, 0, l2Bytes, percentOf(profile, launch, MemoryLevel::L2, l2Bytes)});
        from = "l2";
    }
    chart.nodes.push_back({"dram", "DRAM", std::nullopt});
    MemoryChartLink dram {from, "dram", 0, 0, 0, 0, std::nullopt};
    if (const auto bytes = levelBytes(profile, launch, MemoryLevel::Dram)) {
        dram.bytes = *bytes;
        dram.percentOfPeak = percentOf(profile, launch, MemoryLevel::Dram, *bytes);
    } else if (from == "global") {
        dram.bytes = m.globalLoadBytesMoved + m.globalStoreBytesMoved; // CC 1.x: every transaction is DRAM traffic
    }
    dram.sectors = dram.bytes / 32;
    chart.links.push_back(dram);
}

} // namespace

MemoryChart memoryChart(const DeviceProfile& profile, const LaunchCounters& launch)
{
    MemoryChart chart;
    const auto& m = launch.memory;
    chart.nodes.push_back({"kernel", "Kernel", std::nullopt});
    chart.nodes.push_back({"global", "Global memory", std::nullopt});
    chart.links.push_back({"kernel", "global", m.globalLoadRequests + m.globalStoreRequests,
        m.globalLoadSectors + m.globalStoreSectors, m.globalLoadTransactions + m.globalStoreTransactions,
        m.globalLoadBytesRequested + m.globalStoreBytesRequested, std::nullopt});
    addSharedPath(chart, profile, launch);
    addCachePath(chart, profile, launch);
    return chart;
}

MemoryChartLink hostLink(const DeviceProfile& profile, std::uint64_t bytes, double seconds)
{
    MemoryChartLink link {"host", "dram", 0, 0, 0, bytes, std::nullopt};
    if (seconds > 0 && profile.host.linkGBps > 0)
        link.percentOfPeak = 100.0 * double(bytes) / (profile.host.linkGBps * 1e9 * seconds);
    return link;
}

} // namespace engine
