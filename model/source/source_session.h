#pragma once

#include "model/source/source_snapshot.h"
#include "model/stepper/job_runner.h"
#include "model/stepper/stepper_target.h"

#include <QObject>

#include <memory>
#include <optional>

namespace engine {
class DeviceCatalog;
}

namespace model {

class SourceModel;

/// Runs a scenario's first launch on a worker thread (functionally, with the device's memory counters)
/// and feeds the Source view's two models — CUDA lines and PTX instructions — with its per-line counters.
/// Lives on the GUI thread. A newer load() cancels the older one, whose result is then dropped (stale).
class SourceSession : public QObject {
    Q_OBJECT
public:
    explicit SourceSession(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent = nullptr);
    ~SourceSession() override;

    /// Runs `target`'s scenario (its block is ignored) on its device.
    void load(const StepperTarget& target);
    void setDevice(const QString& deviceId);
    bool isBusy() const { return m_running != 0; }

    SourceModel* cudaModel() const { return m_cuda; }
    SourceModel* ptxModel() const { return m_ptx; }
    const std::shared_ptr<const SourceSnapshot>& snapshot() const { return m_snapshot; }
    const StepperTarget& target() const { return m_target; }

Q_SIGNALS:
    void busyChanged(bool busy);
    void snapshotChanged(std::shared_ptr<const model::SourceSnapshot> snapshot);
    /// A user error naming the file and line or JSON path.
    void failed(const QString& message);

private:
    void startJob();
    void deliver(quint64 job, std::shared_ptr<const SourceSnapshot> snapshot, const QString& error);

    std::shared_ptr<const engine::DeviceCatalog> m_catalog;
    SourceModel* m_cuda = nullptr;
    SourceModel* m_ptx = nullptr;
    std::shared_ptr<const SourceSnapshot> m_snapshot;
    StepperTarget m_target;
    quint64 m_lastJob = 0;
    quint64 m_running = 0; ///< the job on the worker; 0 when idle
    bool m_pending = false; ///< a load arrived while a job ran: start it when that one delivers
    JobRunner m_jobs; ///< last member: joined first
};

} // namespace model
