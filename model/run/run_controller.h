#pragma once

#include "model/run/job_controller.h"
#include "model/run/partial_run_files.h"
#include "model/run/run_request.h"
#include "model/run/run_snapshot.h"

#include <memory>

namespace engine {
class DeviceCatalog;
}

namespace model {

struct PartialRunCallbacks;

/// Runs scenarios on a worker thread with progress and cancel, one at a time (JobController). Starting a run
/// cancels the one before; results of an older job never arrive (stale-safe). Lives on the GUI thread; every
/// signal is delivered there, queued from the worker.
class RunController : public JobController {
    Q_OBJECT
public:
    explicit RunController(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent = nullptr);
    ~RunController() override;

    /// Starts `request` and returns its job id.
    quint64 start(const RunRequest& request);
    /// The last snapshot delivered; empty before the first.
    const std::shared_ptr<const RunSnapshot>& snapshot() const { return m_snapshot; }
    /// The shortest time between two partial() signals of a run: a scenario of hundreds of tiny launches
    /// would otherwise rebuild every view hundreds of times.
    static constexpr int partialIntervalMs = 200;

    /// The scratch databases partial results are recorded in (tests).
    const PartialRunFiles& partialFiles() const { return m_partialFiles; }

Q_SIGNALS:
    /// The launches finished so far of a run still in flight (RunSnapshot::isPartial), at most one per
    /// partialIntervalMs and never the last launch's: the whole run then comes with finished(). They are
    /// recorded in a scratch database of the job's (databasePath, runId; never the session database), which
    /// stays until a newer job delivers results.
    void partial(quint64 job, std::shared_ptr<const RunSnapshot> snapshot);
    void finished(quint64 job, std::shared_ptr<const RunSnapshot> snapshot);

private:
    void deliver(quint64 job, JobResult<RunSnapshot> result);
    /// What the worker of `job` calls after a launch: throttled, then queued to partial() here.
    PartialRunCallbacks partialCallbacks(quint64 job);

    std::shared_ptr<const engine::DeviceCatalog> m_catalog;
    std::shared_ptr<const RunSnapshot> m_snapshot;
    PartialRunFiles m_partialFiles; ///< outlives the workers (the destructor ends them first)
};

} // namespace model
