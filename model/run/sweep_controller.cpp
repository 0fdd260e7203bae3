#include "model/run/sweep_controller.h"

#include "model/run/run_snapshot_builder.h"
#include "model/run/sweep_points.h"
#include "model/run/sweep_snapshot_builder.h"
#include "model/store/sweep_recorder.h"

#include "engine/device/device_catalog.h"

namespace model {

namespace {

JobResult<SweepSnapshot> executeSweep(const SweepRequest& request, const engine::DeviceCatalog& catalog,
    std::stop_token stop, const ProgressCallback& progress)
{
    // Each point is committed to the session database as it finishes, so a cancelled or failed sweep keeps
    // the points it finished.
    std::optional<SweepRecorder> recorder;
    std::optional<engine::Error> recordError;
    const auto* first = request.deviceIds.isEmpty() ? nullptr : catalog.find(request.deviceIds.front().toStdString());
    if (!request.sessionDatabase.isEmpty() && first) {
        const auto range = sweepRange(request);
        auto opened = SweepRecorder::open(request.sessionDatabase.toStdString(), request.scenarioFile.toStdString(),
            range, *first, range.values().size() * static_cast<std::size_t>(request.deviceIds.size()));
        if (opened)
            recorder.emplace(std::move(opened).value());
        else
            recordError = opened.error();
    }
    const auto points = runSweepPoints(request, catalog, stop, progress,
        [&](std::size_t index, const engine::SweepRun& point) {
            if (recorder && !recordError)
                recordError = recorder->add(index, point);
        });
    if (!points) {
        auto message = errorText(points.error());
        if (recorder && recorder->recordedPoints() > 0)
            message += QObject::tr(" (the %n finished point(s) are kept as run %1 of the session database)", nullptr,
                static_cast<int>(recorder->recordedPoints())).arg(recorder->runId());
        return message;
    }
    auto snapshot = buildSweepSnapshot(*points, request.param, catalog);
    snapshot.scenarioFile = request.scenarioFile;
    if (recordError)
        snapshot.recordError = errorText(*recordError);
    else if (recorder)
        snapshot.runId = recorder->runId();
    return snapshot;
}

} // namespace

SweepController::SweepController(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent)
    : JobController(parent)
    , m_catalog(std::move(catalog))
{
}

SweepController::~SweepController()
{
    endJobs();
}

quint64 SweepController::start(const SweepRequest& request)
{
    return startJob(
        request.scenarioFile,
        [request, catalog = m_catalog](quint64, std::stop_token stop, const ProgressCallback& onProgress) {
            return executeSweep(request, *catalog, stop, onProgress);
        },
        [this](quint64 job, JobResult<SweepSnapshot> result) { deliver(job, std::move(result)); });
}

void SweepController::deliver(quint64 job, JobResult<SweepSnapshot> result)
{
    if (!isCurrent(job)) { // stale: a newer sweep started, or this one was cancelled
        Q_EMIT cancelledEnded(job);
        return;
    }
    SweepSnapshot* snapshot = accept(job, result);
    if (!snapshot)
        return;
    m_snapshot = std::make_shared<const SweepSnapshot>(std::move(*snapshot));
    Q_EMIT finished(job, m_snapshot);
}

} // namespace model
