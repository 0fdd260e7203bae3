#pragma once

#include "app/gui/report_actions.h"
#include "model/run/run_snapshot.h"

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
    /// `show` puts a run's snapshot into the views.
    SessionController(QMainWindow* window, RunSession* runs,
        std::function<void(std::shared_ptr<const model::RunSnapshot>)> show);

    SessionDock* dock() const { return m_dock; }
    ReportActions* reportActions() const { return m_actions; }
    model::SessionRuns* runs() const { return m_runs; }
    /// The run the views show, when it is recorded.
    std::optional<StoredRunRef> currentRun() const { return m_current; }

    /// Continues the session in `path`: lists its runs, shows the newest, records later runs there.
    void openDatabase(const QString& path);

    /// A new session database path under the user's data folder, named for the current time.
    static QString newSessionPath();

Q_SIGNALS:
    void statusMessage(const QString& text);
    /// The session database cannot be read (not a trace, newer schema, damaged): the message names it.
    void databaseFailed(const QString& path, const QString& message);

private:
    void setCurrent(const QString& path, qint64 runId);

    RunSession* m_session;
    model::SessionRuns* m_runs;
    SessionDock* m_dock;
    ReportActions* m_actions;
    std::function<void(std::shared_ptr<const model::RunSnapshot>)> m_show;
    std::optional<StoredRunRef> m_current;
    bool m_showLatestOnRefresh = false;
};

} // namespace app
