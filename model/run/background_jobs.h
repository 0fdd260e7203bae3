#pragma once

#include <QPointer>
#include <QThread>
#include <QVector>

#include <functional>
#include <stop_token>

namespace model {

/// Runs long work on worker threads, one current job at a time, the way hotspot's JobTracker does: every
/// start() makes a new job id and cancels the previous job, so its results are stale and its owner
/// drops them. The owner asks isCurrent(job) on the GUI thread before it delivers anything.
/// Lives on the GUI thread; the destructor cancels every job and waits for its thread, so a worker never
/// outlives the owner it posts results to. Not a QObject: owners keep it as a plain member.
class BackgroundJobs {
public:
    using Work = std::function<void(quint64 job, std::stop_token stop)>;

    BackgroundJobs() = default;
    BackgroundJobs(const BackgroundJobs&) = delete;
    BackgroundJobs& operator=(const BackgroundJobs&) = delete;
    ~BackgroundJobs();

    /// Cancels the current job and runs `work` on a new thread; returns the new job's id (never 0).
    quint64 start(Work work);
    /// Asks the current job to stop and makes its results stale.
    void cancel();
    bool isCurrent(quint64 job) const { return job != 0 && job == m_current; }
    /// Whether a worker thread (current or stale) is still running.
    bool isBusy() const;
    /// Blocks until every worker thread has ended (tests).
    void waitForIdle();

private:
    quint64 m_lastId = 0;
    quint64 m_current = 0;
    std::stop_source m_stop;
    QVector<QPointer<QThread>> m_threads;
};

} // namespace model
