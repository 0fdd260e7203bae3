#pragma once

#include "model/run/background_jobs.h"
#include "model/run/progress_throttle.h"
#include "model/run/run_job.h"

#include <QObject>

#include <stop_token>
#include <utility>
#include <variant>

namespace model {

/// What RunController and SweepController share: one job at a time on a worker thread (BackgroundJobs), its
/// progress throttled and queued to the GUI thread, cancel, and the results of an older job dropped (stale-safe).
/// Lives on the GUI thread; every signal is delivered there.
class JobController : public QObject {
    Q_OBJECT
public:
    ~JobController() override;

    /// Stops the current job; emits cancelled() when one was running.
    void cancel();
    bool isRunning() const { return m_running; }
    /// Blocks until the worker threads ended (tests).
    void waitForIdle() { m_jobs.waitForIdle(); }

Q_SIGNALS:
    void started(quint64 job, const QString& scenarioFile);
    void progress(quint64 job, int done, int total, const QString& current);
    /// A user error naming file and line or JSON path.
    void failed(quint64 job, const QString& message);
    void cancelled(quint64 job);

protected:
    explicit JobController(QObject* parent);

    /// Cancels the job before, then runs `execute(job, stop, onProgress)` on a worker thread and hands its result
    /// to `deliver(job, result)` on this thread; emits started(). Returns the new job's id.
    template <typename Execute, typename Deliver>
    quint64 startJob(const QString& scenarioFile, Execute execute, Deliver deliver);
    bool isCurrent(quint64 job) const { return m_jobs.isCurrent(job); }
    /// A job's result on this thread: its snapshot when the job is the current one, which then no longer runs; null
    /// for a stale job, and for a failed one, whose message goes to failed().
    template <typename Snapshot>
    Snapshot* accept(quint64 job, JobResult<Snapshot>& result);
    /// Stops every job and waits for its thread. The derived destructors call it first, so that no worker outlives
    /// the members it uses.
    void endJobs();

private:
    bool m_running = false;
    quint64 m_runningJob = 0;
    BackgroundJobs m_jobs;
};

template <typename Execute, typename Deliver>
quint64 JobController::startJob(const QString& scenarioFile, Execute execute, Deliver deliver)
{
    cancel();
    auto work = [this, execute = std::move(execute), deliver = std::move(deliver)](quint64 job, std::stop_token stop) {
        ProgressThrottle throttle;
        const ProgressCallback onProgress = [&](int done, int total, const QString& current) {
            if (throttle.shouldReport(done, total))
                QMetaObject::invokeMethod(this, [this, job, done, total, current] {
                    if (m_jobs.isCurrent(job))
                        Q_EMIT progress(job, done, total, current);
                }, Qt::QueuedConnection);
        };
        auto result = execute(job, stop, onProgress);
        QMetaObject::invokeMethod(this, [job, deliver, result = std::move(result)]() mutable {
            deliver(job, std::move(result));
        }, Qt::QueuedConnection);
    };
    m_runningJob = m_jobs.start(std::move(work));
    m_running = true;
    Q_EMIT started(m_runningJob, scenarioFile);
    return m_runningJob;
}

template <typename Snapshot>
Snapshot* JobController::accept(quint64 job, JobResult<Snapshot>& result)
{
    if (!m_jobs.isCurrent(job))
        return nullptr; // stale: a newer job started, or this one was cancelled
    m_running = false;
    if (auto* message = std::get_if<QString>(&result)) {
        Q_EMIT failed(job, *message);
        return nullptr;
    }
    return &std::get<Snapshot>(result);
}

} // namespace model
