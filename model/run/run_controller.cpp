#include "model/run/run_controller.h"

#include "model/run/run_job.h"

namespace model {

RunController::RunController(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent)
    : JobController(parent)
    , m_catalog(std::move(catalog))
{
}

RunController::~RunController()
{
    endJobs();
}

quint64 RunController::start(const RunRequest& request)
{
    return startJob(
        request.scenarioFile,
        [this, request, catalog = m_catalog](quint64 job, std::stop_token stop, const ProgressCallback& onProgress) {
            return executeRun(request, *catalog, stop, onProgress, partialCallbacks(job));
        },
        [this](quint64 job, JobResult<RunSnapshot> result) { deliver(job, std::move(result)); });
}

PartialRunCallbacks RunController::partialCallbacks(quint64 job)
{
    auto throttle = std::make_shared<ProgressThrottle>(std::chrono::milliseconds(partialIntervalMs));
    return {
        [throttle](int done, int total) { return throttle->shouldReport(done, total); },
        [this, job](RunSnapshot soFar) {
            auto snapshot = std::make_shared<const RunSnapshot>(std::move(soFar));
            QMetaObject::invokeMethod(this, [this, job, snapshot = std::move(snapshot)] {
                if (!isCurrent(job) || !isRunning())
                    return;
                m_partialFiles.removeBefore(job);
                Q_EMIT partial(job, snapshot);
            }, Qt::QueuedConnection);
        },
        m_partialFiles.pathFor(job),
    };
}

void RunController::deliver(quint64 job, JobResult<RunSnapshot> result)
{
    RunSnapshot* snapshot = accept(job, result);
    if (!snapshot)
        return;
    m_snapshot = std::make_shared<const RunSnapshot>(std::move(*snapshot));
    m_partialFiles.removeBefore(job);
    Q_EMIT finished(job, m_snapshot);
    // Recorded whole, the run is read from its session database now: its partial results' file goes too.
    if (!m_snapshot->databasePath.isEmpty())
        m_partialFiles.removeBefore(job + 1);
}

} // namespace model
