#include "engine/profiling/roofline.h"

#include <cstdio>

namespace engine {

namespace {

/// The profile's citation for `key`, or for the nearest enclosing key that has one.
std::string citationOf(const DeviceProfile& profile, std::string key)
{
    while (!key.empty()) {
        if (const auto it = profile.sources.find(key); it != profile.sources.end())
            return it->second;
        const auto dot = key.rfind('.');
        key = dot == std::string::npos ? std::string() : key.substr(0, dot);
    }
    return {};
}

std::string format(const char* pattern, double a, double b, double c)
{
    char text[160];
    std::snprintf(text, sizeof text, pattern, a, b, c);
    return text;
}

double opsPerClock(const DeviceProfile& profile, const std::string& name)
{
    const auto it = profile.instructions.find(name);
    return it == profile.instructions.end() ? 0.0 : it->second.opsPerClockPerSm;
}

/// SMs × clock: the device's SM cycles per second.
double smCyclesPerSecond(const DeviceProfile& profile)
{
    return profile.smCount * profile.coreClockMhz * 1e6;
}

/// Shared memory serves instructions.shared lane accesses per clock per SM, each one bank wide
/// (best-practices-guide-current.txt §9.2.2.1: on CC 5.x and newer each bank delivers 32 bits per clock;
/// 64 bits on CC 3.x in 64-bit mode, DIGEST §3.4).
double sharedBytesPerClockPerSm(const DeviceProfile& profile)
{
    return opsPerClock(profile, "shared") * profile.sharedMemory.bankWidthBytes;
}

/// The L1's rate for global data: the profile's figure, else shared memory's where the L1 caches global loads
/// (one on-chip memory and data path since CC 2.0, DIGEST §4.6), none where global loads bypass it.
double l1BytesPerClockPerSm(const DeviceProfile& profile)
{
    if (profile.roofline.l1BytesPerClockPerSm > 0)
        return profile.roofline.l1BytesPerClockPerSm;
    if (profile.caches.l1Bytes > 0 && profile.caches.l1CachesGlobalLoads)
        return sharedBytesPerClockPerSm(profile);
    return 0;
}

/// Programming Guide 0.8.2 §5.1 and DIGEST §1.9: doubles are demoted to single precision below CC 1.3.
bool hasDoublePrecision(const DeviceProfile& profile)
{
    return profile.computeCapability >= ComputeCapability {1, 3};
}

Ceiling memoryCeiling(const DeviceProfile& profile, MemoryLevel level, double peak)
{
    Ceiling c {toString(level), labelOf(level), peak, {}, {}};
    const double sms = profile.smCount;
    switch (level) {
    case MemoryLevel::L1:
        c.derivation
            = format("%.0f SMs × %.0f MHz × %.0f B/clk", sms, profile.coreClockMhz, l1BytesPerClockPerSm(profile));
        c.source = citationOf(
            profile, profile.roofline.l1BytesPerClockPerSm > 0 ? "roofline.l1_bytes_per_clock_per_sm" : "caches");
        break;
    case MemoryLevel::Shared:
        c.derivation = format("%.0f SMs × %.0f MHz × %.0f B/clk (banks × width)", sms, profile.coreClockMhz,
            sharedBytesPerClockPerSm(profile));
        c.source = citationOf(profile, "shared_memory") + "; " + citationOf(profile, "instructions.shared");
        break;
    case MemoryLevel::L2:
        c.derivation = format("%.1f GB/s", profile.roofline.l2GBps, 0, 0);
        c.source = citationOf(profile, "roofline.l2_gbps");
        break;
    case MemoryLevel::Dram:
        c.derivation = format("%.0f MHz × %.0f bit ÷ 8 × %.0f (Best Practices Guide §8.2.1)", profile.memory.clockMhz,
            profile.memory.busWidthBits, profile.memory.dataRate);
        if (eccBandwidthFactor(profile.memory) < 1)
            c.derivation += " × 0.8 with ECC";
        c.source = citationOf(profile, "memory");
        break;
    }
    return c;
}

Ceiling computeCeiling(const DeviceProfile& profile, FlopKind kind)
{
    Ceiling c {toString(kind), {}, 0, {}, {}};
    const double sms = profile.smCount;
    const double mhz = profile.coreClockMhz;
    if (kind == FlopKind::Tensor) {
        c.label = "Tensor (FP16)";
        c.peak = smCyclesPerSecond(profile) * profile.roofline.tensorFlopsPerClockPerSm;
        c.derivation
            = format("%.0f SMs × %.0f MHz × %.0f FLOP/clk", sms, mhz, profile.roofline.tensorFlopsPerClockPerSm);
        c.source = citationOf(profile, "roofline.tensor_flops_per_clock_per_sm");
        return c;
    }
    const bool half = kind == FlopKind::Fp16;
    const std::string key = half ? "roofline.fp16_ops_per_clock_per_sm"
        : kind == FlopKind::Fp64 ? "instructions.fp64"
                                 : "instructions.fp32";
    const double ops
        = half ? profile.roofline.fp16OpsPerClockPerSm : opsPerClock(profile, kind == FlopKind::Fp64 ? "fp64" : "fp32");
    c.label = half ? "FP16" : kind == FlopKind::Fp64 ? "FP64" : "FP32";
    c.peak = smCyclesPerSecond(profile) * ops * 2; // an FMA is two FLOPs
    char text[160];
    std::snprintf(text, sizeof text, "%.0f SMs × %.0f MHz × %.0f FMA/clk × 2 FLOP", sms, mhz, ops);
    c.derivation = text;
    c.source = citationOf(profile, key);
    return c;
}

} // namespace

const char* toString(MemoryLevel level)
{
    switch (level) {
    case MemoryLevel::L1:
        return "l1";
    case MemoryLevel::Shared:
        return "shared";
    case MemoryLevel::L2:
        return "l2";
    case MemoryLevel::Dram:
        return "dram";
    }
    return "dram";
}

const char* labelOf(MemoryLevel level)
{
    switch (level) {
    case MemoryLevel::L1:
        return "L1";
    case MemoryLevel::Shared:
        return "Shared";
    case MemoryLevel::L2:
        return "L2";
    case MemoryLevel::Dram:
        return "DRAM";
    }
    return "DRAM";
}

std::optional<double> memoryPeak(const DeviceProfile& profile, MemoryLevel level)
{
    double peak = 0;
    switch (level) {
    case MemoryLevel::L1:
        peak = smCyclesPerSecond(profile) * l1BytesPerClockPerSm(profile);
        break;
    case MemoryLevel::Shared:
        peak = smCyclesPerSecond(profile) * sharedBytesPerClockPerSm(profile);
        break;
    case MemoryLevel::L2:
        peak = profile.caches.l2Bytes > 0 ? profile.roofline.l2GBps * 1e9 : 0;
        break;
    case MemoryLevel::Dram:
        peak = theoreticalBandwidthGBps(profile.memory) * eccBandwidthFactor(profile.memory) * 1e9;
        break;
    }
    return peak > 0 ? std::optional(peak) : std::nullopt;
}

DeviceCeilings deviceCeilings(const DeviceProfile& profile)
{
    DeviceCeilings ceilings;
    for (const auto level : kMemoryLevels) {
        if (const auto peak = memoryPeak(profile, level))
            ceilings.memory.push_back(memoryCeiling(profile, level, *peak));
    }
    for (const auto kind : {FlopKind::Fp64, FlopKind::Fp32, FlopKind::Fp16, FlopKind::Tensor}) {
        if (kind == FlopKind::Fp64 && !hasDoublePrecision(profile))
            continue;
        auto ceiling = computeCeiling(profile, kind);
        if (ceiling.peak > 0)
            ceilings.compute.push_back(std::move(ceiling));
    }
    const double intOps = opsPerClock(profile, "int");
    ceilings.integer = Ceiling {"integer", "Integer", smCyclesPerSecond(profile) * intOps,
        format("%.0f SMs × %.0f MHz × %.0f op/clk", profile.smCount, profile.coreClockMhz, intOps),
        citationOf(profile, "instructions.int")};
    return ceilings;
}

std::optional<std::uint64_t> levelBytes(const DeviceProfile& profile, const LaunchCounters& launch, MemoryLevel level)
{
    const auto& m = launch.memory;
    switch (level) {
    case MemoryLevel::L1:
        if (l1BytesPerClockPerSm(profile) <= 0)
            return std::nullopt;
        return (m.globalLoadSectors + m.globalStoreSectors) * 32;
    case MemoryLevel::Shared: {
        // A wavefront is one pass over the banks: 16 × 4 bytes per half-warp on CC 1.x, 32 banks otherwise.
        const std::uint64_t wavefrontBytes
            = std::uint64_t(profile.sharedMemory.banks) * std::uint64_t(profile.sharedMemory.bankWidthBytes);
        return (m.sharedLoadWavefronts + m.sharedStoreWavefronts) * wavefrontBytes;
    }
    case MemoryLevel::L2:
        if (profile.caches.l2Bytes <= 0 || !launch.caches)
            return std::nullopt;
        return (launch.caches->l2HitSectors + launch.caches->l2MissSectors) * 32;
    case MemoryLevel::Dram:
        if (!launch.dramBytesRead || !launch.dramBytesWritten)
            return std::nullopt;
        return *launch.dramBytesRead + *launch.dramBytesWritten;
    }
    return std::nullopt;
}

std::optional<LaunchRoofline> launchRoofline(const DeviceProfile& profile, const LaunchCounters& launch)
{
    const auto seconds = launch.seconds(profile.coreClockMhz);
    if (!seconds)
        return std::nullopt;
    LaunchRoofline out;
    out.seconds = *seconds;
    out.integer = launch.mix.totalFlops() == 0;
    out.work = double(out.integer ? launch.mix.integerOperations : launch.mix.totalFlops());
    for (const auto level : kMemoryLevels) {
        const auto bytes = levelBytes(profile, launch, level);
        if (!bytes || *bytes == 0)
            continue;
        out.points.push_back(RooflinePoint {level, *bytes, out.work / double(*bytes), out.work / out.seconds});
    }
    return out;
}

} // namespace engine
