// Throughput of the timing model (issue 6: at least 5 M warp instructions per second per core with timing
// on): offsetCopy with 16 M elements on the h100 and g80 profiles, functional run and timing together; and the
// same launches sampled (TimingOptions::sampling), whose rate counts the grid's warp instructions (the
// extrapolated ones included) per second of simulation.
#include "engine/device/device_catalog.h"
#include "engine/ptx/module_loader.h"
#include "engine/timing/timed_launch.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <stdexcept>

namespace {

const engine::DeviceProfile& profile(const char* id)
{
    static const auto loaded = engine::DeviceCatalog::load({});
    return *loaded.catalog.find(id);
}

const engine::ptx::Module& offsetCopyModule(const char* arch)
{
    static std::map<std::string, engine::ptx::Module> cache;
    auto it = cache.find(arch);
    if (it == cache.end()) {
        const auto path = std::filesystem::path(WARPSCOPE_SOURCE_DIR) / "resources/kernels" / arch / "offset_copy.ptx";
        auto m = engine::ptx::loadModuleFile(path);
        if (!m)
            throw std::runtime_error(m.error().toString());
        it = cache.emplace(arch, std::move(m).value()).first;
    }
    return it->second;
}

/// `threads`: TimingOptions::threads (the figures in bench/README.md are of one thread unless named otherwise).
void offsetCopy16M(benchmark::State& state, const char* device, bool sampled = false, unsigned threads = 1)
{
    const auto& m = offsetCopyModule("sm_80");
    const std::uint64_t n = 16u << 20;
    engine::simt::DeviceMemory mem;
    const auto idata = mem.allocate("idata", (n + 32) * 4);
    const auto odata = mem.allocate("odata", (n + 32) * 4);
    engine::simt::LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(m.findFunction("offsetCopy"));
    r.profile = &profile(device);
    r.instructionBudget = 0;
    engine::simt::ParamBlockBuilder p(m.functions[r.kernel]);
    p.set(0, odata);
    p.set(1, idata);
    p.set(2, 1);
    r.params = p.bytes();
    r.grid = { static_cast<std::uint32_t>(n / 256), 1, 1 };
    r.block = { 256, 1, 1 };
    std::uint64_t warpInstructions = 0;
    engine::timing::TimingOptions options;
    options.sampling.enabled = sampled;
    options.threads = threads;
    for (auto _ : state) {
        auto timed = engine::timing::runTimedKernel(r, mem, options);
        if (!timed)
            throw std::runtime_error(timed.error().toString());
        warpInstructions += timed->stats.warpInstructions;
        state.counters["cycles"] = static_cast<double>(timed->cycles);
        state.counters["simulated_blocks"] = static_cast<double>(timed->simulatedBlocks);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(warpInstructions));
    state.counters["warp_instr_per_s"] = benchmark::Counter(static_cast<double>(warpInstructions), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(offsetCopy16M, h100, "h100")->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK_CAPTURE(offsetCopy16M, g80, "g80")->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK_CAPTURE(offsetCopy16M, h100_sampled, "h100", true)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK_CAPTURE(offsetCopy16M, g80_sampled, "g80", true)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK_CAPTURE(offsetCopy16M, h100_2threads, "h100", false, 2)->Unit(benchmark::kMillisecond)->Iterations(2);

} // namespace

BENCHMARK_MAIN();
