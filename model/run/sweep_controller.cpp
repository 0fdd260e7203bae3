#include "model/run/sweep_controller.h"

#include "model/run/progress_throttle.h"
#include "model/run/run_snapshot_builder.h"
#include "model/run/sweep_points.h"
#include "model/run/sweep_snapshot_builder.h"
#include "model/store/run_recorder.h"

#include "engine/device/device_catalog.h"

namespace model {

namespace {

std::variant<SweepSnapshot, QString> executeSweep(const SweepRequest& request, const engine::DeviceCatalog& catalog,
    std::stop_token stop, const ProgressCallback& progress)
{
    const auto points = runSweepPoints(request, catalog, stop, progress);
    if (!points)
        return errorText(points.error());
    auto snapshot = buildSweepSnapshot(*points, request.param, catalog);
    snapshot.scenarioFile = request.scenarioFile;
    if (!request.sessionDatabase.isEmpty() && !request.deviceIds.isEmpty()) {
        if (const auto* first = catalog.find(request.deviceIds.front().toStdString())) {
            const auto recorded = recordSweep(request.sessionDatabase.toStdString(), request.scenarioFile.toStdString(), *points, *first);
            if (recorded)
                snapshot.runId = *recorded;
            else
                snapshot.recordError = errorText(recorded.error());
        }
    }
    return snapshot;
}

} // namespace

SweepController::SweepController(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent)
    : QObject(parent)
    , m_catalog(std::move(catalog))
{
}

SweepController::~SweepController() = default;

quint64 SweepController::start(const SweepRequest& request)
{
    cancel();
    auto work = [this, request, catalog = m_catalog](quint64 job, std::stop_token stop) {
        ProgressThrottle throttle;
        const ProgressCallback onProgress = [&](int done, int total, const QString& current) {
            if (throttle.shouldReport(done, total))
                QMetaObject::invokeMethod(this, [this, job, done, total, current] {
                    if (m_jobs.isCurrent(job))
                        Q_EMIT progress(job, done, total, current);
                }, Qt::QueuedConnection);
        };
        auto result = executeSweep(request, *catalog, stop, onProgress);
        QMetaObject::invokeMethod(this, [this, job, result = std::move(result)]() mutable {
            deliver(job, std::move(result));
        }, Qt::QueuedConnection);
    };
    m_runningJob = m_jobs.start(std::move(work));
    m_running = true;
    Q_EMIT started(m_runningJob, request.scenarioFile);
    return m_runningJob;
}

void SweepController::cancel()
{
    m_jobs.cancel();
    if (!m_running)
        return;
    m_running = false;
    Q_EMIT cancelled(m_runningJob);
}

void SweepController::deliver(quint64 job, std::variant<SweepSnapshot, QString> result)
{
    if (!m_jobs.isCurrent(job))
        return; // stale: a newer sweep started, or this one was cancelled
    m_running = false;
    if (auto* message = std::get_if<QString>(&result)) {
        Q_EMIT failed(job, *message);
        return;
    }
    m_snapshot = std::make_shared<const SweepSnapshot>(std::move(std::get<SweepSnapshot>(result)));
    Q_EMIT finished(job, m_snapshot);
}

} // namespace model
