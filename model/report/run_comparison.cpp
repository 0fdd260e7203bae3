#include "model/report/run_comparison.h"

#include "model/report/launch_metrics.h"
#include "model/store/trace_reader.h"

#include <algorithm>

namespace model {

namespace {

engine::Result<RunRow> findRun(const std::vector<RunRow>& runs, std::int64_t id, const std::string& path)
{
    const auto it = std::find_if(runs.begin(), runs.end(), [&](const RunRow& run) { return run.id == id; });
    if (it == runs.end())
        return engine::Error { engine::ErrorCode::NotFound,
            "no complete run with id " + std::to_string(id) + " (warpscope-cli runs lists them)",
            engine::SourceLocation::inFile(path) };
    return *it;
}

} // namespace

engine::Result<RunComparison> compareRuns(const TraceReader& reader, std::int64_t runA, std::int64_t runB)
{
    auto runs = reader.runs();
    if (!runs)
        return runs.error();
    auto a = findRun(runs.value(), runA, reader.path());
    if (!a)
        return a.error();
    auto b = findRun(runs.value(), runB, reader.path());
    if (!b)
        return b.error();
    auto launchesA = reader.launches(runA);
    if (!launchesA)
        return launchesA.error();
    auto launchesB = reader.launches(runB);
    if (!launchesB)
        return launchesB.error();

    RunComparison comparison;
    comparison.a = std::move(a).value();
    comparison.b = std::move(b).value();
    comparison.totalTimeUs = MetricDifference { "total_time_us", "Total time (µs)", comparison.a.totalTimeUs, comparison.b.totalTimeUs };
    const auto count = std::max(launchesA->size(), launchesB->size());
    for (std::size_t i = 0; i < count; ++i) {
        const LaunchRow* la = i < launchesA->size() ? &launchesA->at(i) : nullptr;
        const LaunchRow* lb = i < launchesB->size() ? &launchesB->at(i) : nullptr;
        LaunchComparison launch;
        launch.index = i;
        launch.kernelA = la ? la->kernelName : std::string();
        launch.kernelB = lb ? lb->kernelName : std::string();
        for (const auto& metric : launchMetrics()) {
            MetricDifference d { metric.key, metric.label, std::nullopt, std::nullopt };
            if (la)
                d.a = metric.read(la->summary);
            if (lb)
                d.b = metric.read(lb->summary);
            launch.metrics.push_back(d);
        }
        comparison.launches.push_back(std::move(launch));
    }
    return comparison;
}

} // namespace model
