#pragma once

#include "app/gui/report_actions.h"
#include "model/run/run_snapshot.h"
#include "model/run/sweep_snapshot.h"

#include <QObject>

#include <memory>
#include <optional>

class QMainWindow;

namespace model {
class SessionRuns;
}

namespace app {

class RunSession;
class SessionDock;

/// The session database: where the window's runs are recorded (a new file per window under the user's data
/// folder, or a database the user opened), its run list in the Session dock, showing a recorded run in the
/// Stream and Summary views, and the Export Report / Compare Runs actions for the run shown. GUI thread.
class SessionController : public QObject {
    Q_OBJECT
public:
    /// What the views do with a recorded run or sweep.
    struct Display {
        std::function<void(std::shared_ptr<const model::RunSnapshot>)> run;
        std::function<void(std::shared_ptr<const model::SweepSnapshot>)> sweep;
    };

    SessionController(QMainWindow* window, RunSession* runs, Display display);

    SessionDock* dock() const { return m_dock; }
    ReportActions* reportActions() const { return m_actions; }
    model::SessionRuns* runs() const { return m_runs; }
    /// The run the views show, when it is recorded.
    std::optional<StoredRunRef> currentRun() const { return m_current; }

    /// Continues the session in `path`: lists its runs, shows the newest and every recorded sweep, records
    /// later runs there.
    void openDatabase(const QString& path);

    /// A new session database path under the user's data folder, named for the current time.
    static QString newSessionPath();

Q_SIGNALS:
    void statusMessage(const QString& text);
    /// The run the views show changed (recorded or reopened).
    void currentRunChanged(const QString& path, qint64 runId);
    /// An opened session database's newest run and its sweeps are in the views.
    void databaseShown();
    /// The session database cannot be read (not a trace, newer schema, damaged): the message names it.
    void databaseFailed(const QString& path, const QString& message);

private:
    void setCurrent(const QString& path, qint64 runId);
    void loadDone();

    std::optional<StoredRunRef> m_current; ///< first: the actions below read it while they are built
    bool m_showLatestOnRefresh = false;
    int m_pendingLoads = 0; ///< of openDatabase: the newest run and the sweeps, until databaseShown
    RunSession* m_session;
    model::SessionRuns* m_runs;
    SessionDock* m_dock;
    ReportActions* m_actions;
    Display m_display;
};

} // namespace app
