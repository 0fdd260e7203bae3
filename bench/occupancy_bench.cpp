// How long the occupancy calculator takes: one configuration, and the three graphs the Occupancy view
// redraws on every input change (it must feel instant).
#include "engine/device/device_catalog.h"
#include "engine/occupancy/occupancy_calculator.h"
#include "engine/occupancy/occupancy_curves.h"

#include <benchmark/benchmark.h>

namespace {

const engine::DeviceProfile& profile(const char* id)
{
    static const auto loaded = engine::DeviceCatalog::load({});
    return *loaded.catalog.find(id);
}

void calculateOne(benchmark::State& state)
{
    const auto& h100 = profile("h100");
    int threads = 32;
    for (auto _ : state) {
        auto result = engine::calculateOccupancy(h100, { threads, 32, 4096 });
        benchmark::DoNotOptimize(result);
        threads = threads == 1024 ? 32 : threads + 32;
    }
}
BENCHMARK(calculateOne);

void threeCurves(benchmark::State& state, const char* id)
{
    const auto& device = profile(id);
    for (auto _ : state) {
        auto curves = engine::occupancyCurves(device, { 256, 32, 4096 });
        benchmark::DoNotOptimize(curves);
    }
}
BENCHMARK_CAPTURE(threeCurves, g80, "g80")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(threeCurves, h100, "h100")->Unit(benchmark::kMicrosecond);

void loadCatalog(benchmark::State& state)
{
    for (auto _ : state) {
        auto loaded = engine::DeviceCatalog::load({});
        benchmark::DoNotOptimize(loaded);
    }
}
BENCHMARK(loadCatalog)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
