// Single-thread functional throughput of the SIMT executor (issue 4: at least 20 M warp instructions
// per second on offsetCopy with 16 M elements and on sharedABMultiply at 1024 x 1024), bare (argument 0)
// and with the h100 memory model counting every request (argument 1; issue 5 allows it at most 2x).
#include "engine/device/device_catalog.h"
#include "engine/profiling/memory_counters.h"
#include "engine/ptx/module_loader.h"
#include "engine/simt/launch.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <optional>
#include <stdexcept>

namespace {

const engine::DeviceProfile& h100()
{
    static const auto loaded = engine::DeviceCatalog::load({});
    return *loaded.catalog.find("h100");
}

const engine::ptx::Module& corpusModule(const std::string& name)
{
    static std::map<std::string, engine::ptx::Module> cache;
    auto it = cache.find(name);
    if (it == cache.end()) {
        const auto path = std::filesystem::path(WARPSCOPE_SOURCE_DIR) / "resources/kernels/sm_80" / (name + ".ptx");
        auto m = engine::ptx::loadModuleFile(path);
        if (!m)
            throw std::runtime_error(m.error().toString());
        it = cache.emplace(name, std::move(m).value()).first;
    }
    return it->second;
}

engine::simt::LaunchRequest request(const engine::ptx::Module& m, const char* kernel)
{
    engine::simt::LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(m.findFunction(kernel));
    r.profile = &h100();
    r.instructionBudget = 0;
    return r;
}

void run(benchmark::State& state, engine::simt::LaunchRequest& r, engine::simt::DeviceMemory& mem)
{
    std::uint64_t warpInstructions = 0;
    const bool counted = state.range(0) != 0;
    for (auto _ : state) {
        std::optional<engine::MemoryCounters> counters;
        if (counted)
            counters.emplace(h100(), r.kernel, r.module->functions[r.kernel].instructions.size());
        auto stats = engine::simt::runKernel(r, mem, counters ? &*counters : nullptr);
        if (!stats)
            throw std::runtime_error(stats.error().toString());
        warpInstructions += stats->warpInstructions;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(warpInstructions));
    state.counters["warp_instr_per_s"] = benchmark::Counter(static_cast<double>(warpInstructions), benchmark::Counter::kIsRate);
}

void offsetCopy16M(benchmark::State& state)
{
    const auto& m = corpusModule("offset_copy");
    const std::uint64_t n = 16u << 20;
    engine::simt::DeviceMemory mem;
    const auto idata = mem.allocate("idata", (n + 32) * 4);
    const auto odata = mem.allocate("odata", (n + 32) * 4);
    auto r = request(m, "offsetCopy");
    engine::simt::ParamBlockBuilder p(m.functions[r.kernel]);
    p.set(0, odata);
    p.set(1, idata);
    p.set(2, 1);
    r.params = p.bytes();
    r.grid = { static_cast<std::uint32_t>(n / 256), 1, 1 };
    r.block = { 256, 1, 1 };
    run(state, r, mem);
}
BENCHMARK(offsetCopy16M)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(3);

void sharedABMultiply1024(benchmark::State& state)
{
    const auto& m = corpusModule("matrix_ab");
    const std::uint32_t n = 1024;
    engine::simt::DeviceMemory mem;
    const auto a = mem.allocate("a", std::uint64_t { n } * 32 * 4);
    const auto b = mem.allocate("b", std::uint64_t { 32 } * n * 4);
    const auto c = mem.allocate("c", std::uint64_t { n } * n * 4);
    auto r = request(m, "sharedABMultiply");
    engine::simt::ParamBlockBuilder p(m.functions[r.kernel]);
    p.set(0, a);
    p.set(1, b);
    p.set(2, c);
    p.set(3, n);
    r.params = p.bytes();
    r.grid = { n / 32, n / 32, 1 };
    r.block = { 32, 32, 1 };
    run(state, r, mem);
}
BENCHMARK(sharedABMultiply1024)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace

BENCHMARK_MAIN();
