#pragma once

#include "model/run/background_jobs.h"
#include "model/run/sweep_request.h"
#include "model/run/sweep_snapshot.h"

#include <QObject>

#include <memory>
#include <variant>

namespace engine {
class DeviceCatalog;
}

namespace model {

/// Runs sweeps (points in parallel) on worker threads with progress across points and cancel, one sweep
/// at a time; results of an older job never arrive (stale-safe). Lives on the GUI thread; every signal
/// is delivered there, queued from the workers.
class SweepController : public QObject {
    Q_OBJECT
public:
    explicit SweepController(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent = nullptr);
    ~SweepController() override;

    quint64 start(const SweepRequest& request);
    void cancel();
    bool isRunning() const { return m_running; }
    const std::shared_ptr<const SweepSnapshot>& snapshot() const { return m_snapshot; }
    void waitForIdle() { m_jobs.waitForIdle(); }

Q_SIGNALS:
    void started(quint64 job, const QString& scenarioFile);
    /// `done` of `total` points.
    void progress(quint64 job, int done, int total, const QString& current);
    void finished(quint64 job, std::shared_ptr<const SweepSnapshot> snapshot);
    void failed(quint64 job, const QString& message);
    void cancelled(quint64 job);
    /// A cancelled (or superseded) sweep's work has ended: the points it finished before the stop are in the
    /// session database now, so lists of its runs can show them.
    void cancelledEnded(quint64 job);

private:
    void deliver(quint64 job, std::variant<SweepSnapshot, QString> result);

    std::shared_ptr<const engine::DeviceCatalog> m_catalog;
    std::shared_ptr<const SweepSnapshot> m_snapshot;
    bool m_running = false;
    quint64 m_runningJob = 0;
    BackgroundJobs m_jobs; ///< last member: destroyed (threads joined) first
};

} // namespace model
