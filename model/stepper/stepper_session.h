#pragma once

#include "model/stepper/job_runner.h"
#include "model/stepper/step_snapshot.h"
#include "model/stepper/stepper_target.h"

#include <QObject>
#include <QQueue>
#include <QSet>
#include <QStringList>

#include <functional>
#include <memory>

namespace engine {
class DeviceCatalog;
}

namespace model {

class DeviceListModel;
class StepperCore;

/// The warp stepper's state for the GUI: opens a scenario's first launch on a device and steps one warp
/// of one block. Lives on the GUI thread; every command runs as a job on a worker thread (JobRunner), in
/// the order given, and delivers an immutable StepSnapshot through snapshotChanged(), queued to the GUI
/// thread. Long runs (to a barrier, the cursor, a breakpoint, the end) report progress and stop on
/// cancel(), delivering where they stopped. setDevice() re-runs the same steps on the new device's rules.
class StepperSession : public QObject {
    Q_OBJECT
public:
    explicit StepperSession(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent = nullptr);
    ~StepperSession() override;

    /// Loads the target's scenario and block, at step 0 of warp 0.
    void open(const StepperTarget& target);
    /// Re-opens on another device and steps the same warps the same number of steps.
    void setDevice(const QString& deviceId);
    /// Starts over on another block of the launch (step 0), keeping the selected warp.
    void selectBlock(const std::array<quint32, 3>& block);
    void selectWarp(int warp);

    void step();
    void stepBack();
    void runToBarrier();
    /// Runs until the selected warp is next at `pc` of its current function.
    void runToCursor(int pc);
    /// Runs until a breakpoint, or the warp's end.
    void continueRun();
    void runToEnd();
    /// Back to step 0 of the same block and device.
    void restart();
    /// Stops the running job and drops the queued ones.
    void cancel();

    /// Sets or clears a breakpoint at `pc` of the current snapshot's function.
    void toggleBreakpoint(int pc);
    /// PCs with a breakpoint in `function`.
    QList<int> breakpoints(int function) const;
    void setWatches(const QStringList& expressions);
    QStringList watches() const { return m_watches; }

    bool isBusy() const { return m_busy; }
    const std::shared_ptr<const StepSnapshot>& snapshot() const { return m_snapshot; }
    const StepperTarget& target() const { return m_target; }
    /// The devices one can switch to (ids in DeviceListModel::IdRole).
    DeviceListModel* devices() const { return m_devices; }

Q_SIGNALS:
    void snapshotChanged(std::shared_ptr<const model::StepSnapshot> snapshot);
    void busyChanged(bool busy);
    /// Steps taken so far by a long run, at most about ten times a second.
    void progress(quint64 steps);
    /// A user error (bad scenario, launch or block) naming file and line or JSON path.
    void failed(const QString& message);
    void breakpointsChanged();

private:
    struct Delivery;
    struct CoreHolder;
    using Job = std::function<Delivery(CoreHolder& holder, std::shared_ptr<const StepSnapshot> previous,
        const std::stop_token& stop)>;

    void submit(Job job);
    void startNext();
    void deliver(const Delivery& delivery);
    void command(StepperCommand command, int cursorPc = 0);
    void reopen(const StepperTarget& target, bool keepPosition);

    std::shared_ptr<const engine::DeviceCatalog> m_catalog;
    DeviceListModel* m_devices = nullptr;
    std::shared_ptr<CoreHolder> m_holder; ///< touched by one job at a time, never by the GUI thread
    std::shared_ptr<const StepSnapshot> m_snapshot;
    StepperTarget m_target;
    QSet<quint64> m_breakpoints; ///< (function << 32) | pc
    QStringList m_watches;
    QQueue<Job> m_queue;
    bool m_busy = false;
    JobRunner m_jobs; ///< last member: the worker is joined before anything it uses goes away
};

} // namespace model
