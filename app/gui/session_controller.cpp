#include "app/gui/session_controller.h"

#include "app/gui/run_session.h"
#include "app/gui/session_dock.h"
#include "model/store/session_runs.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QMainWindow>
#include <QStandardPaths>

namespace app {

QString SessionController::newSessionPath()
{
    const QDir folder(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/sessions"));
    folder.mkpath(QStringLiteral("."));
    return folder.filePath(
        QStringLiteral("session-%1.wsdb").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"))));
}

SessionController::SessionController(QMainWindow* window, RunSession* runs, Display display)
    : QObject(window)
    , m_session(runs)
    , m_runs(new model::SessionRuns(this))
    , m_dock(new SessionDock(m_runs))
    , m_actions(new ReportActions(window, [this] { return m_current; }))
    , m_display(std::move(display))
{
    const auto path = newSessionPath();
    m_session->setSessionDatabase(path);
    m_runs->setDatabase(path);
    connect(m_session, &RunSession::runRecorded, this, [this](const QString& db, qint64 runId) {
        setCurrent(db, runId);
        m_runs->refresh();
    });
    connect(m_session, &RunSession::sweepStopped, m_runs, [this] { m_runs->refresh(); });
    connect(m_dock, &SessionDock::runActivated, m_runs, [this](qint64 runId) { m_runs->loadRun(runId); });
    connect(m_runs, &model::SessionRuns::runLoaded, this, [this](std::shared_ptr<const model::RunSnapshot> snapshot) {
        setCurrent(snapshot->databasePath, snapshot->runId);
        const auto what = snapshot->sweepPoints > 0
            ? tr("a sweep of %1 on %2 device(s)").arg(QFileInfo(snapshot->scenarioFile).fileName()).arg(snapshot->sweepDevices)
            : tr("%1 on %2").arg(QFileInfo(snapshot->scenarioFile).fileName(), snapshot->deviceName);
        Q_EMIT statusMessage(
            tr("Showing run %1 of %2 (%3)").arg(snapshot->runId).arg(QFileInfo(snapshot->databasePath).fileName(), what));
        m_display.run(std::move(snapshot));
        loadDone();
    });
    connect(m_runs, &model::SessionRuns::sweepsLoaded, this, &SessionController::loadDone);
    connect(m_runs, &model::SessionRuns::sweepLoaded, this,
        [this](std::shared_ptr<const model::SweepSnapshot> sweep) { m_display.sweep(std::move(sweep)); });
    connect(m_runs, &model::SessionRuns::refreshed, this, [this] {
        if (!m_showLatestOnRefresh)
            return;
        m_showLatestOnRefresh = false;
        const auto latest = m_runs->latestRunId();
        m_pendingLoads = latest > 0 ? 2 : 1;
        m_runs->loadSweeps();
        // The sweeps come from loadSweeps, in the order they were recorded.
        if (latest > 0)
            m_runs->loadRun(latest, false);
        else
            Q_EMIT statusMessage(tr("%1 holds no complete run yet").arg(QFileInfo(m_runs->database()).fileName()));
    });
    connect(m_runs, &model::SessionRuns::failed, this,
        [this](const QString& message) { Q_EMIT databaseFailed(m_runs->database(), message); });
    connect(m_actions, &ReportActions::statusMessage, this, &SessionController::statusMessage);
}

void SessionController::openDatabase(const QString& path)
{
    const auto absolute = QFileInfo(path).absoluteFilePath();
    m_session->setSessionDatabase(absolute);
    m_showLatestOnRefresh = true;
    m_current.reset();
    m_actions->updateEnabled();
    m_runs->setDatabase(absolute);
}

void SessionController::loadDone()
{
    if (m_pendingLoads > 0 && --m_pendingLoads == 0)
        Q_EMIT databaseShown();
}

void SessionController::setCurrent(const QString& path, qint64 runId)
{
    m_current = StoredRunRef { path, runId };
    m_dock->setCurrentRun(runId);
    m_actions->updateEnabled();
    Q_EMIT currentRunChanged(path, runId);
}

} // namespace app
