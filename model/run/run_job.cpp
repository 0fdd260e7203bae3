#include "model/run/run_job.h"

#include "model/run/kernel_executor_factory.h"
#include "model/run/run_snapshot_builder.h"
#include "model/store/partial_run_recorder.h"
#include "model/store/run_recorder.h"

#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"

#include <QObject>

#include <algorithm>
#include <optional>

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

/// The scratch recording of a run's partial snapshots (PartialRunCallbacks::database), opened at the first.
struct ScratchRecording {
    std::optional<PartialRunRecorder> recorder;
    bool opened = false; ///< tried: a database that cannot be opened is not tried again
};

/// Hands `partial` a snapshot after each launch it wants, but the last: that one comes with the whole run. With a
/// scratch database the launches finished so far are recorded there first; one that cannot be written leaves the
/// snapshots without a database, and the run goes on.
void setPartialCallback(engine::RunOptions& options, const PartialRunCallbacks& partial,
    const engine::PreparedScenario& prepared, ScratchRecording& scratch)
{
    if (!partial.wanted || !partial.deliver)
        return;
    const int planned = launchStepCount(prepared.scenario);
    options.launchFinished = [&partial, &prepared, &scratch, planned](const engine::RunReport& soFar) {
        const auto done = static_cast<int>(soFar.launches.size());
        if (done >= planned || !partial.wanted(done, planned))
            return;
        auto snapshot = buildRunSnapshot(soFar, *prepared.profile);
        snapshot.launchesPlanned = planned;
        if (!partial.database.isEmpty() && !scratch.opened) {
            scratch.opened = true;
            if (auto opened = PartialRunRecorder::open(partial.database.toStdString(), prepared))
                scratch.recorder.emplace(std::move(opened).value());
        }
        if (scratch.recorder) {
            if (const auto runId = scratch.recorder->record(soFar)) {
                snapshot.databasePath = partial.database;
                snapshot.runId = *runId;
            }
        }
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
    options.threads = request.hostThreads; // buffers filled and copied on the launches' threads
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
    ScratchRecording scratch; // outlives the run, which records into it
    setPartialCallback(options, partial, *prepared, scratch);
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
