// Prints docs/calibration.md: the timing model against the H100 measurements in bench/hardware/h100/ and the
// Best Practices Guide's published bandwidths. Usage:
//   timing_calibration [--quick] [--h100] [--seeds] > docs/calibration.md
#include "calibration_cases.h"

#include "engine/device/device_catalog.h"
#include "engine/host/module_source.h"
#include "engine/host/scenario_parser.h"
#include "engine/host/scenario_resolver.h"
#include "engine/host/scenario_runner.h"
#include "engine/timing/timed_executor.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>

namespace {

struct Outcome {
    double timeUs = 0;
    double dramMb = 0;
    double l2HitRate = 0;
};

std::optional<Outcome> runCase(const calibration::Case& c, const engine::DeviceCatalog& catalog)
{
    const auto* profile = catalog.find(c.device);
    auto spec = engine::parseScenario(c.scenario, WARPSCOPE_SOURCE_DIR "/bench/calibration/case.json");
    if (!profile || !spec.ok())
        return std::nullopt;
    auto resolved = engine::resolveScenario(*spec);
    if (!resolved.ok())
        return std::nullopt;
    auto module = engine::loadScenarioModule(resolved->module, *profile);
    if (!module.ok()) {
        std::fprintf(stderr, "%s\n", module.error().toString().c_str());
        return std::nullopt;
    }
    engine::timing::TimedExecutor executor;
    auto report = engine::runScenario(*resolved, *module, *profile, executor);
    if (!report.ok()) {
        std::fprintf(stderr, "%s\n", report.error().toString().c_str());
        return std::nullopt;
    }
    const auto& outcome = report->launches.back().outcome;
    const auto* last = executor.last();
    return Outcome { outcome.timeUs.value_or(0.0),
        double(outcome.dramBytesRead.value_or(0) + outcome.dramBytesWritten.value_or(0)) / 1e6,
        last ? last->l2HitRate : 0.0 };
}

struct Tally {
    int rows = 0;
    int within = 0;
};

void printRow(const calibration::Case& c, const Outcome& o, double limit, Tally& tally)
{
    const double model = c.compareTime ? o.timeUs : c.bytes / 1e3 / o.timeUs;
    const double error = 100.0 * (model - c.reference) / c.reference;
    const bool ok = std::fabs(error) <= limit;
    ++tally.rows;
    tally.within += ok ? 1 : 0;
    std::printf("| %s | %.2f | %.2f | %+.1f %% %s | %.1f | %.0f %% |\n", c.label.c_str(), model, c.reference, error,
        ok ? "" : "**miss**", o.dramMb, 100.0 * o.l2HitRate);
    std::fflush(stdout);
}

void runGroup(const std::vector<calibration::Case>& cases, const engine::DeviceCatalog& catalog, double limit,
    Tally& tally)
{
    std::string group;
    for (const auto& c : cases) {
        if (c.group != group) {
            group = c.group;
            const char* unit = c.compareTime ? "time (us)" : "effective bandwidth (GB/s)";
            std::printf("\n### %s\n\n| point | model %s | reference | error | DRAM MB (model) | L2 hit rate |\n"
                        "|---|---|---|---|---|---|\n",
                group.c_str(), unit);
        }
        if (const auto o = runCase(c, catalog))
            printRow(c, *o, limit, tally);
        else
            std::printf("| %s | failed | %.2f | | | |\n", c.label.c_str(), c.reference);
    }
}

} // namespace

int main(int argc, char** argv)
{
    bool quick = false, h100 = true, seeds = true;
    for (int i = 1; i < argc; ++i) {
        quick = quick || std::strcmp(argv[i], "--quick") == 0;
        if (std::strcmp(argv[i], "--h100") == 0)
            seeds = false;
        if (std::strcmp(argv[i], "--seeds") == 0)
            h100 = false;
    }
    const auto loaded = engine::DeviceCatalog::load({});
    const auto start = std::chrono::steady_clock::now();
    Tally h100Tally, seedTally;
    if (h100)
        runGroup(calibration::h100Cases(WARPSCOPE_SOURCE_DIR, quick), loaded.catalog, 15.0, h100Tally);
    if (seeds)
        runGroup(calibration::seedCases(WARPSCOPE_SOURCE_DIR), loaded.catalog, 20.0, seedTally);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("\nWithin target: H100 %d of %d points (15 %%), seeds %d of %d (20 %%). Ran in %.0f s.\n",
        h100Tally.within, h100Tally.rows, seedTally.within, seedTally.rows, seconds);
    return 0;
}
