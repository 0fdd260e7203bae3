#pragma once

#include "model/run/job_controller.h"
#include "model/run/sweep_request.h"
#include "model/run/sweep_snapshot.h"

#include <memory>

namespace engine {
class DeviceCatalog;
}

namespace model {

/// Runs sweeps (points in parallel) on worker threads with progress across points (`done` of `total` points) and
/// cancel, one sweep at a time (JobController); results of an older job never arrive (stale-safe). Lives on the GUI
/// thread; every signal is delivered there, queued from the workers.
class SweepController : public JobController {
    Q_OBJECT
public:
    explicit SweepController(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent = nullptr);
    ~SweepController() override;

    quint64 start(const SweepRequest& request);
    const std::shared_ptr<const SweepSnapshot>& snapshot() const { return m_snapshot; }

Q_SIGNALS:
    void finished(quint64 job, std::shared_ptr<const SweepSnapshot> snapshot);
    /// A cancelled (or superseded) sweep's work has ended: the points it finished before the stop are in the
    /// session database now, so lists of its runs can show them.
    void cancelledEnded(quint64 job);

private:
    void deliver(quint64 job, JobResult<SweepSnapshot> result);

    std::shared_ptr<const engine::DeviceCatalog> m_catalog;
    std::shared_ptr<const SweepSnapshot> m_snapshot;
};

} // namespace model
