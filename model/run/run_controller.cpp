#include "model/run/run_controller.h"

#include "model/run/progress_throttle.h"
#include "model/run/run_job.h"

namespace model {

RunController::RunController(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent)
    : QObject(parent)
    , m_catalog(std::move(catalog))
{
}

RunController::~RunController() = default;

quint64 RunController::start(const RunRequest& request)
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
        auto result = executeRun(request, *catalog, stop, onProgress, partialCallbacks(job));
        QMetaObject::invokeMethod(this, [this, job, result = std::move(result)]() mutable {
            deliver(job, std::move(result));
        }, Qt::QueuedConnection);
    };
    m_runningJob = m_jobs.start(std::move(work));
    m_running = true;
    Q_EMIT started(m_runningJob, request.scenarioFile);
    return m_runningJob;
}

PartialRunCallbacks RunController::partialCallbacks(quint64 job)
{
    auto throttle = std::make_shared<ProgressThrottle>(std::chrono::milliseconds(partialIntervalMs));
    return {
        [throttle](int done, int total) { return throttle->shouldReport(done, total); },
        [this, job](RunSnapshot soFar) {
            auto snapshot = std::make_shared<const RunSnapshot>(std::move(soFar));
            QMetaObject::invokeMethod(this, [this, job, snapshot = std::move(snapshot)] {
                if (!m_jobs.isCurrent(job) || !m_running)
                    return;
                m_partialFiles.removeBefore(job);
                Q_EMIT partial(job, snapshot);
            }, Qt::QueuedConnection);
        },
        m_partialFiles.pathFor(job),
    };
}

void RunController::cancel()
{
    m_jobs.cancel();
    if (!m_running)
        return;
    m_running = false;
    Q_EMIT cancelled(m_runningJob);
}

void RunController::deliver(quint64 job, std::variant<RunSnapshot, QString> result)
{
    if (!m_jobs.isCurrent(job))
        return; // stale: a newer run started, or this one was cancelled
    m_running = false;
    if (auto* message = std::get_if<QString>(&result)) {
        Q_EMIT failed(job, *message);
        return;
    }
    m_snapshot = std::make_shared<const RunSnapshot>(std::move(std::get<RunSnapshot>(result)));
    m_partialFiles.removeBefore(job);
    Q_EMIT finished(job, m_snapshot);
    // Recorded whole, the run is read from its session database now: its partial results' file goes too.
    if (!m_snapshot->databasePath.isEmpty())
        m_partialFiles.removeBefore(job + 1);
}

} // namespace model
