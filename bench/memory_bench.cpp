// How many warp-level memory requests per second the memory model resolves: each generation's coalescer
// on offsetCopy- and strideCopy-like warps, and the shared-memory bank models on strided warps. These run
// for every memory instruction of every warp, so they must stay far below the executor's cost.
#include "engine/device/device_catalog.h"
#include "engine/memory/global_coalescer.h"
#include "engine/memory/shared_bank_model.h"

#include <benchmark/benchmark.h>

#include <vector>

namespace {

const engine::DeviceProfile& profile(const char* id)
{
    static const auto loaded = engine::DeviceCatalog::load({});
    return *loaded.catalog.find(id);
}

engine::WarpAccess floatWarp(std::uint64_t base, int strideWords)
{
    engine::WarpAccess access;
    access.activeMask = 0xFFFFFFFFu;
    for (int lane = 0; lane < engine::kWarpSize; ++lane)
        access.laneAddresses[static_cast<std::size_t>(lane)] = base + static_cast<std::uint64_t>(lane * strideWords * 4);
    return access;
}

/// offsetCopy warps (offsets 0..32 words) or strideCopy warps (strides 1..32), from a 256-byte aligned base.
std::vector<engine::WarpAccess> warps(bool strided)
{
    std::vector<engine::WarpAccess> result;
    for (int i = 0; i <= 32; ++i)
        result.push_back(strided ? floatWarp(0x10000, i == 0 ? 1 : i) : floatWarp(0x10000 + 4u * static_cast<unsigned>(i), 1));
    return result;
}

void coalesce(benchmark::State& state, const char* id, bool strided)
{
    const auto coalescer = engine::makeGlobalCoalescer(profile(id));
    const auto accesses = warps(strided);
    engine::CoalescingResult result;
    std::size_t next = 0;
    for (auto _ : state) {
        coalescer->coalesce(accesses[next], result);
        benchmark::DoNotOptimize(result.transactionCount);
        next = next + 1 == accesses.size() ? 0 : next + 1;
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(coalesce, offset_g80, "g80", false);
BENCHMARK_CAPTURE(coalesce, offset_c1060, "c1060", false);
BENCHMARK_CAPTURE(coalesce, offset_m2090, "m2090", false);
BENCHMARK_CAPTURE(coalesce, offset_h100, "h100", false);
BENCHMARK_CAPTURE(coalesce, stride_g80, "g80", true);
BENCHMARK_CAPTURE(coalesce, stride_c1060, "c1060", true);
BENCHMARK_CAPTURE(coalesce, stride_m2090, "m2090", true);
BENCHMARK_CAPTURE(coalesce, stride_h100, "h100", true);

void banks(benchmark::State& state, const char* id)
{
    const auto model = engine::makeSharedBankModel(profile(id));
    const auto accesses = warps(true);
    engine::BankConflictResult result;
    std::size_t next = 0;
    for (auto _ : state) {
        model->resolve(accesses[next], result);
        benchmark::DoNotOptimize(result.wavefronts);
        next = next + 1 == accesses.size() ? 0 : next + 1;
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(banks, stride_g80, "g80");
BENCHMARK_CAPTURE(banks, stride_k20x, "k20x");
BENCHMARK_CAPTURE(banks, stride_h100, "h100");

void explain(benchmark::State& state)
{
    const auto coalescer = engine::makeGlobalCoalescer(profile("h100"));
    const auto access = floatWarp(0x10004, 1);
    for (auto _ : state) {
        auto text = coalescer->explain(access);
        benchmark::DoNotOptimize(text);
    }
}
BENCHMARK(explain)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
