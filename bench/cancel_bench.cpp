// How long a cancelled run keeps working (issue 24: cancel within 100 ms): a timed scenario runs on a worker
// thread, the stop is requested after `delay` ms, and the figure is the time from the request until the run has
// returned. The tiled matrix multiply at 512 fits in the H100's first wave, so after its blocks ran
// functionally only the timing loop can notice the stop; the 16 M offset copy is stopped while blocks still
// run functionally. Manual time: each iteration's figure is the cancel latency alone.
#include "engine/device/device_catalog.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "engine/timing/timed_executor.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <thread>

namespace {

const engine::DeviceCatalog& catalog()
{
    static const auto loaded = engine::DeviceCatalog::load({});
    return loaded.catalog;
}

engine::PreparedScenario prepare(const char* scenario, const engine::ParamValues& overrides)
{
    auto prepared = engine::prepareScenario(
        std::filesystem::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios" / scenario, "h100", overrides, catalog());
    if (!prepared)
        throw std::runtime_error(prepared.error().toString());
    return std::move(prepared).value();
}

void cancelAfter(benchmark::State& state, const char* scenario, engine::ParamValues overrides)
{
    const engine::PreparedScenario prepared = prepare(scenario, overrides);
    const auto delay = std::chrono::milliseconds(state.range(0));
    double worst = 0;
    for (auto _ : state) {
        std::stop_source stop;
        std::optional<std::chrono::steady_clock::time_point> returned;
        bool cancelled = false;
        std::jthread worker([&] {
            engine::timing::TimingOptions timing;
            timing.threads = 1;
            engine::timing::TimedExecutor executor { timing };
            engine::RunOptions options;
            options.stop = stop.get_token();
            const auto report
                = engine::runScenario(prepared.scenario, prepared.module, *prepared.profile, executor, options);
            returned = std::chrono::steady_clock::now();
            cancelled = !report.ok();
        });
        std::this_thread::sleep_for(delay);
        const auto requested = std::chrono::steady_clock::now();
        stop.request_stop();
        worker.join();
        if (!cancelled)
            throw std::runtime_error(std::string(scenario) + " ended before its stop was requested");
        const double seconds = std::chrono::duration<double>(*returned - requested).count();
        worst = std::max(worst, seconds);
        state.SetIterationTime(seconds);
    }
    state.counters["worst_ms"] = worst * 1e3;
}

BENCHMARK_CAPTURE(cancelAfter, muld512_h100, "corpus/muld.json", { { "ha", 512 }, { "wa", 512 }, { "wb", 512 } })
    ->Arg(300)->Arg(1500)->Arg(4000)->UseManualTime()->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(cancelAfter, offsetCopy16M_h100, "offset_copy.json", { { "n", 16 << 20 } })
    ->Arg(300)->Arg(1500)->UseManualTime()->Iterations(3)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
