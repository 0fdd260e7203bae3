#include "model/run/run_job.h"

#include "model/run/kernel_executor_factory.h"
#include "model/run/run_snapshot_builder.h"
#include "model/store/run_recorder.h"

#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"

#include <QObject>

#include <algorithm>

namespace model {

engine::ParamValues toParamValues(const QMap<QString, qint64>& overrides)
{
    engine::ParamValues values;
    for (auto it = overrides.begin(); it != overrides.end(); ++it)
        values.emplace(it.key().toStdString(), it.value());
    return values;
}

namespace {

int launchStepCount(const engine::ResolvedScenario& scenario)
{
    return static_cast<int>(std::count_if(scenario.steps.begin(), scenario.steps.end(),
        [](const auto& step) { return std::holds_alternative<engine::LaunchOp>(step.op); }));
}

/// Hands `partial` a snapshot after each launch it wants, but the last: that one comes with the whole run.
void setPartialCallback(
    engine::RunOptions& options, const PartialRunCallbacks& partial, const engine::PreparedScenario& prepared)
{
    if (!partial.wanted || !partial.deliver)
        return;
    const int planned = launchStepCount(prepared.scenario);
    options.launchFinished = [&partial, &prepared, planned](const engine::RunReport& soFar) {
        const auto done = static_cast<int>(soFar.launches.size());
        if (done >= planned || !partial.wanted(done, planned))
            return;
        auto snapshot = buildRunSnapshot(soFar, *prepared.profile);
        snapshot.launchesPlanned = planned;
        partial.deliver(std::move(snapshot));
    };
}

} // namespace

JobResult<RunSnapshot> executeRun(const RunRequest& request, const engine::DeviceCatalog& catalog,
    std::stop_token stop, const ProgressCallback& progress, const PartialRunCallbacks& partial)
{
    auto prepared = engine::prepareScenario(request.scenarioFile.toStdString(), request.deviceId.toStdString(),
        toParamValues(request.overrides), catalog);
    if (!prepared)
        return errorText(prepared.error());
    auto executor = makeKernelExecutor(false, request.hostThreads);
    engine::RunOptions options;
    options.stop = stop;
    if (progress) {
        // A step is kUnitsPerStep units of the bar; inside a launch its finished blocks fill them, so a long
        // launch moves the bar too.
        constexpr std::uint64_t kUnitsPerStep = 1000;
        options.progress = [&progress](const engine::RunProgress& p) {
            auto current = QString::fromStdString(p.current);
            std::uint64_t units = p.stepsDone * kUnitsPerStep;
            if (p.blockCount > 0) {
                units += p.blocksDone * kUnitsPerStep / p.blockCount;
                current += QObject::tr(" · block %1 of %2").arg(p.blocksDone).arg(p.blockCount);
            }
            progress(static_cast<int>(units), static_cast<int>(p.stepCount * kUnitsPerStep), current);
        };
    }
    setPartialCallback(options, partial, *prepared);
    const auto report
        = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, *executor, options);
    if (!report)
        return errorText(report.error());
    auto snapshot = buildRunSnapshot(*report, *prepared->profile);
    if (!request.sessionDatabase.isEmpty()) {
        // The run succeeded; a database that cannot take it is reported beside the results, not instead.
        const auto recorded = recordScenarioRun(request.sessionDatabase.toStdString(), *report, *prepared);
        if (recorded) {
            snapshot.databasePath = request.sessionDatabase;
            snapshot.runId = *recorded;
        } else {
            snapshot.recordError = errorText(recorded.error());
        }
    }
    return snapshot;
}

} // namespace model
