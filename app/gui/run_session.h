#pragma once

#include "model/device/device_summary.h"
#include "model/run/run_request.h"
#include "model/run/sweep_request.h"

#include <QObject>
#include <QVector>

#include <functional>
#include <memory>

class QAction;
class QMainWindow;
class QMenu;
class QMenuBar;

namespace engine {
class DeviceCatalog;
}

namespace model {
class RunController;
struct RunSnapshot;
class SweepController;
}

namespace views {
class BandwidthView;
}

namespace app {

class RunStatusWidget;

/// The open scenario and what runs it: the Run menu (Run F5, Cancel Esc, Sweep…), the run and sweep
/// controllers, the status bar's progress, and delivery of run snapshots (to the window, which shows them in
/// every view) and sweep snapshots (to the Bandwidth view). Lives on the GUI thread; all engine work happens on the controllers' worker threads.
class RunSession : public QObject {
    Q_OBJECT
public:
    struct Views {
        /// Shows a finished run's snapshot in every view that reads runs.
        std::function<void(std::shared_ptr<const model::RunSnapshot>)> showRun;
        views::BandwidthView* bandwidth = nullptr;
    };

    RunSession(std::shared_ptr<const engine::DeviceCatalog> catalog, QVector<model::DeviceSummary> devices,
        QMainWindow* window, Views views);
    ~RunSession() override;

    void setupMenu(QMenuBar* menuBar);
    /// The Run menu, once setupMenu() has made it.
    QMenu* runMenu() const { return m_menu; }
    RunStatusWidget* statusWidget() const { return m_status; }
    /// No dialogs (screenshots, tests): errors go to the status bar only.
    void setQuiet(bool quiet) { m_quiet = quiet; }

    /// Makes `path` the open scenario with parameter overrides, and runs it.
    void openScenario(const QString& path, const QMap<QString, qint64>& overrides = {});
    /// Opens the bundled offset-copy demo at a small n (quick on every device); false when it is missing.
    bool openDemo();
    /// The device runs use; re-runs the open scenario when it changes.
    void setDeviceId(const QString& id);
    /// Runs the open scenario again with `params` as its overrides (the Parameters toolbar); nothing when no
    /// scenario is open.
    void runWithParameters(const QMap<QString, qint64>& params);
    void run();
    void cancel();
    void showSweepDialog();
    /// Sweeps the open scenario; `request`'s scenario and overrides are filled in here.
    void startSweep(model::SweepRequest request);
    bool isBusy() const;
    QString scenarioFile() const { return m_request.scenarioFile; }
    /// Runs are recorded in this session database (created on the first run); empty: not recorded.
    void setSessionDatabase(const QString& path) { m_request.sessionDatabase = path; }
    QString sessionDatabase() const { return m_request.sessionDatabase; }
    /// Host threads each launch of a run may use (0: one per hardware thread); kept in the settings. Every
    /// result is the same for any number (sm_window_stepper.h); sweeps run each point on one thread.
    void setHostThreads(unsigned threads);
    unsigned hostThreads() const { return m_request.hostThreads; }
    /// Run ▸ Host Threads…: asks for the number.
    void askHostThreads();

    model::RunController* runController() const { return m_runs; }
    model::SweepController* sweepController() const { return m_sweeps; }

Q_SIGNALS:
    /// Neither a run nor a sweep is in flight any more (after finishing, failing or being cancelled).
    void idle();
    /// A scenario was opened (absolute path and parameter overrides), before its run starts.
    void scenarioOpened(const QString& path, const QMap<QString, qint64>& overrides);
    /// A run finished with these parameters (the scenario's `params` after overrides).
    void parametersRan(const QMap<QString, qint64>& params);
    /// A run finished and was recorded as run `runId` of the session database `path`.
    void runRecorded(const QString& path, qint64 runId);
    /// A sweep recording into the session database `path` failed or was cancelled: the points it finished are
    /// there (a stopped sweep's run), so the Session list has something new to show.
    void sweepStopped(const QString& path);

private:
    void setupControllers();
    void connectRunSignals();
    void connectSweepSignals();
    void reportFailure(const QString& title, const QString& message);
    void settle();

    std::shared_ptr<const engine::DeviceCatalog> m_catalog;
    QVector<model::DeviceSummary> m_devices;
    QMainWindow* m_window = nullptr;
    Views m_views;
    model::RunController* m_runs = nullptr;
    model::SweepController* m_sweeps = nullptr;
    RunStatusWidget* m_status = nullptr;
    QMenu* m_menu = nullptr;
    QAction* m_runAction = nullptr;
    QAction* m_sweepAction = nullptr;
    QAction* m_threadsAction = nullptr;
    model::RunRequest m_request;
    bool m_quiet = false;
};

} // namespace app
