#include "engine/profiling/speed_of_light.h"

#include "engine/profiling/roofline.h"

#include <algorithm>
#include <cstdio>

namespace engine {

namespace {

constexpr const char* kThroughputTable = "CUDA C++ Programming Guide, Arithmetic Instructions throughput table "
                                         "(DIGEST §1.9)";

struct PipeRow {
    const char* id;
    const char* label;
    std::vector<timing::Pipe> pipes;
    const char* profileClass; ///< DeviceProfile::instructions key of the peak
};

std::vector<PipeRow> pipeRows()
{
    using timing::Pipe;
    return {
        {"fma", "FMA (FP32)", {Pipe::Fp32}, "fp32"},
        {"alu", "ALU (integer, logic)", {Pipe::Int}, "int"},
        {"imul", "Integer multiply", {Pipe::IntMul}, "int_mul"},
        {"fp64", "FP64", {Pipe::Fp64}, "fp64"},
        {"sfu", "SFU (transcendentals)", {Pipe::Sfu}, "sfu"},
        {"conversion", "Conversion", {Pipe::Conversion}, "conversion"},
        {"lsu", "Load/store unit", {Pipe::Shared, Pipe::Global}, "global"},
    };
}

std::string percentText(double percent)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.0f %%", percent);
    return text;
}

std::string limiterSentence(const std::vector<SolUnit>& units)
{
    if (units.empty() || units.front().percent <= 0)
        return "Nothing ran long enough to measure.";
    const auto& top = units.front();
    if (top.percent < kLatencyBoundPercent)
        return "No unit reaches " + percentText(kLatencyBoundPercent) + " of its peak (the busiest, " + top.label
            + ", is at " + percentText(top.percent)
            + "): the launch is latency-bound; more warps or more independent instructions per warp would hide the "
              "latency (programming-guide-0.8.2.txt §6.1.1.3, Best Practices Guide §11.2; Nsight Compute Kernel "
              "Profiling Guide, GPU Speed Of Light).";
    return std::string("Limited by ") + (top.memory ? "memory, " : "compute, ") + top.label + ": "
        + percentText(top.percent) + " of its peak (" + top.section + ").";
}

} // namespace

std::optional<SpeedOfLight> speedOfLight(const DeviceProfile& profile, const LaunchCounters& launch)
{
    const auto seconds = launch.seconds(profile.coreClockMhz);
    if (!seconds)
        return std::nullopt;
    const double laneSlots = double(*launch.cycles) * profile.smCount; // per lane operation per clock per SM
    SpeedOfLight sol;
    for (const auto& row : pipeRows()) {
        const auto it = profile.instructions.find(row.profileClass);
        if (it == profile.instructions.end() || it->second.opsPerClockPerSm <= 0)
            continue;
        if (row.id == std::string("fp64") && profile.computeCapability < ComputeCapability {1, 3})
            continue; // doubles are demoted to single precision (DIGEST §1.9)
        std::uint64_t warps = 0;
        for (const auto pipe : row.pipes)
            warps += launch.mix.warpInstructionsOn(pipe);
        const double percent = 100.0 * double(warps) * 32.0 / (it->second.opsPerClockPerSm * laneSlots);
        sol.units.push_back({row.id, row.label, false, percent, kThroughputTable});
    }
    if (profile.roofline.tensorFlopsPerClockPerSm > 0) { // FLOPs of wmma.mma/mma against the dense FP16 peak
        const double peak = profile.roofline.tensorFlopsPerClockPerSm * laneSlots;
        sol.units.push_back(
            {"tensor", "Tensor cores", false, 100.0 * double(launch.mix.flopsOf(FlopKind::Tensor)) / peak,
                "the profile's roofline.tensor_flops_per_clock_per_sm (dense FP16)"});
    }
    for (const auto level : kMemoryLevels) {
        const auto peak = memoryPeak(profile, level);
        const auto bytes = levelBytes(profile, launch, level);
        if (!peak || !bytes)
            continue;
        const char* section = level == MemoryLevel::Dram ? "Best Practices Guide §8.2.1, theoretical bandwidth"
            : level == MemoryLevel::Shared               ? "Best Practices Guide §9.2.2.1, 32 bits per bank per clock"
            : level == MemoryLevel::L2                   ? "the profile's roofline.l2_gbps"
                                                         : "the profile's L1 bandwidth";
        sol.units.push_back(
            {toString(level), labelOf(level), true, 100.0 * double(*bytes) / (*peak * *seconds), section});
    }
    std::stable_sort(
        sol.units.begin(), sol.units.end(), [](const SolUnit& a, const SolUnit& b) { return a.percent > b.percent; });
    sol.limiter = limiterSentence(sol.units);
    return sol;
}

} // namespace engine
