#include "app/gui/run_session.h"

#include "app/gui/resource_paths.h"
#include "app/gui/run_status_widget.h"
#include "app/gui/sweep_dialog.h"
#include "model/run/run_controller.h"
#include "model/run/sweep_controller.h"
#include "views/bandwidth/bandwidth_view.h"

#include <QAction>
#include <QFileInfo>
#include <QInputDialog>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

#include <algorithm>
#include <thread>

namespace app {

namespace {

constexpr int statusMessageMs = 15000;
const QString hostThreadsKey = QStringLiteral("run/hostThreads");

unsigned hardwareThreads()
{
    return std::max(1u, std::thread::hardware_concurrency());
}
/// The demo's n: 256 Ki floats run in well under a second on every device (resources/scenarios/offset_copy.json
/// itself uses 4 Mi, the CLI's default).
constexpr qint64 demoElementCount = 262144;

QString describeOverrides(const QMap<QString, qint64>& overrides)
{
    QStringList parts;
    for (auto it = overrides.begin(); it != overrides.end(); ++it)
        parts << QStringLiteral("%1=%2").arg(it.key()).arg(it.value());
    return parts.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(parts.join(QStringLiteral(", ")));
}

} // namespace

RunSession::RunSession(std::shared_ptr<const engine::DeviceCatalog> catalog, QVector<model::DeviceSummary> devices,
    QMainWindow* window, Views views)
    : QObject(window)
    , m_catalog(std::move(catalog))
    , m_devices(std::move(devices))
    , m_window(window)
    , m_views(views)
{
    m_status = new RunStatusWidget;
    connect(m_status, &RunStatusWidget::cancelRequested, this, &RunSession::cancel);
    m_request.hostThreads = QSettings().value(hostThreadsKey, 0u).toUInt();
    setupControllers();
}

void RunSession::setHostThreads(unsigned threads)
{
    m_request.hostThreads = threads;
    QSettings().setValue(hostThreadsKey, threads);
    if (m_threadsAction)
        m_threadsAction->setStatusTip(tr("Each launch uses %1 host thread(s)").arg(threads ? threads : hardwareThreads()));
}

void RunSession::askHostThreads()
{
    const unsigned current = m_request.hostThreads ? m_request.hostThreads : hardwareThreads();
    bool ok = false;
    const int threads = QInputDialog::getInt(m_window, tr("Host Threads"),
        tr("Host threads per launch (this machine has %1). Every result is the same for any number;\n"
           "more threads finish a large launch sooner.")
            .arg(hardwareThreads()),
        static_cast<int>(current), 1, 1024, 1, &ok);
    if (ok)
        setHostThreads(static_cast<unsigned>(threads) == hardwareThreads() ? 0u : static_cast<unsigned>(threads));
}

RunSession::~RunSession() = default;

void RunSession::setupControllers()
{
    m_runs = new model::RunController(m_catalog, this);
    m_sweeps = new model::SweepController(m_catalog, this);
    connectRunSignals();
    connectSweepSignals();
}

void RunSession::connectRunSignals()
{
    connect(m_runs, &model::RunController::started, this, [this](quint64, const QString& file) {
        m_status->showStarted(tr("Running %1 on %2…").arg(QFileInfo(file).fileName(), m_request.deviceId));
    });
    connect(m_runs, &model::RunController::progress, this,
        [this](quint64, int done, int total, const QString& current) { m_status->showProgress(done, total, current); });
    connect(m_runs, &model::RunController::partial, this, [this](quint64, std::shared_ptr<const model::RunSnapshot> s) {
        // The first launches are final while the rest run: show them, and keep the progress bar going.
        const auto done = s->launches.size();
        const auto planned = s->launchesPlanned;
        m_views.showRun(std::move(s));
        m_window->statusBar()->showMessage(
            tr("Launch %1 of %2 done — results so far").arg(done).arg(planned), statusMessageMs);
    });
    connect(m_runs, &model::RunController::finished, this, [this](quint64, std::shared_ptr<const model::RunSnapshot> s) {
        m_views.showRun(s);
        Q_EMIT parametersRan(s->params);
        if (!s->recordError.isEmpty())
            reportFailure(tr("The run was not recorded"), s->recordError);
        else if (s->runId > 0)
            Q_EMIT runRecorded(s->databasePath, s->runId);
        m_window->statusBar()->showMessage(tr("Ran %1 on %2: %3 launch(es), %4 operations%5")
                                               .arg(QFileInfo(s->scenarioFile).fileName(), s->deviceName)
                                               .arg(s->launches.size())
                                               .arg(s->timeline.size())
                                               .arg(describeOverrides(m_request.overrides)),
            statusMessageMs);
        settle();
    });
    connect(m_runs, &model::RunController::failed, this, [this](quint64, const QString& message) {
        reportFailure(tr("The run failed"), message);
        settle();
    });
    connect(m_runs, &model::RunController::cancelled, this, [this] {
        m_window->statusBar()->showMessage(tr("Run cancelled"), statusMessageMs);
        settle();
    });
}

void RunSession::connectSweepSignals()
{
    connect(m_sweeps, &model::SweepController::started, this, [this](quint64, const QString& file) {
        m_status->showStarted(tr("Sweeping %1…").arg(QFileInfo(file).fileName()));
    });
    connect(m_sweeps, &model::SweepController::progress, this, [this](quint64, int done, int total, const QString& current) {
        m_status->showProgress(done, total, tr("%1 of %2 points; last: %3").arg(done).arg(total).arg(current));
    });
    connect(m_sweeps, &model::SweepController::finished, this, [this](quint64, std::shared_ptr<const model::SweepSnapshot> s) {
        if (!s->recordError.isEmpty())
            reportFailure(tr("The sweep was not recorded"), s->recordError);
        else if (s->runId > 0)
            Q_EMIT runRecorded(m_request.sessionDatabase, s->runId);
        m_views.bandwidth->setSnapshot(std::move(s));
        m_window->statusBar()->showMessage(tr("Sweep finished"), statusMessageMs);
        settle();
    });
    connect(m_sweeps, &model::SweepController::failed, this, [this](quint64, const QString& message) {
        reportFailure(tr("The sweep failed"), message);
        if (!m_request.sessionDatabase.isEmpty())
            Q_EMIT sweepStopped(m_request.sessionDatabase);
        settle();
    });
    connect(m_sweeps, &model::SweepController::cancelled, this, [this] {
        m_window->statusBar()->showMessage(tr("Sweep cancelled"), statusMessageMs);
        settle();
    });
    connect(m_sweeps, &model::SweepController::cancelledEnded, this, [this] {
        if (!m_request.sessionDatabase.isEmpty()) // the points finished before the stop are recorded
            Q_EMIT sweepStopped(m_request.sessionDatabase);
    });
}

void RunSession::setupMenu(QMenuBar* menuBar)
{
    auto* menu = m_menu = menuBar->addMenu(tr("&Run"));
    m_runAction = menu->addAction(tr("&Run"), this, &RunSession::run);
    m_runAction->setObjectName(QStringLiteral("runAction"));
    m_runAction->setShortcut(Qt::Key_F5);
    auto* cancel = menu->addAction(tr("&Cancel"), this, &RunSession::cancel);
    cancel->setObjectName(QStringLiteral("cancelAction"));
    cancel->setShortcut(Qt::Key_Escape);
    menu->addSeparator();
    m_sweepAction = menu->addAction(tr("&Sweep…"), this, &RunSession::showSweepDialog);
    m_sweepAction->setObjectName(QStringLiteral("sweepAction"));
    m_sweepAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F5));
    menu->addSeparator();
    m_threadsAction = menu->addAction(tr("Host &Threads…"), this, &RunSession::askHostThreads);
    m_threadsAction->setObjectName(QStringLiteral("hostThreadsAction"));
    setHostThreads(m_request.hostThreads); // its status tip
    m_runAction->setEnabled(false);
    m_sweepAction->setEnabled(false);
}

void RunSession::openScenario(const QString& path, const QMap<QString, qint64>& overrides)
{
    m_request.scenarioFile = QFileInfo(path).absoluteFilePath();
    m_request.overrides = overrides;
    if (m_runAction) {
        m_runAction->setEnabled(true);
        m_sweepAction->setEnabled(true);
    }
    Q_EMIT scenarioOpened(m_request.scenarioFile, overrides);
    run();
}

void RunSession::runWithParameters(const QMap<QString, qint64>& params)
{
    if (!m_request.scenarioFile.isEmpty())
        openScenario(m_request.scenarioFile, params);
}

bool RunSession::openDemo()
{
    const auto demo = demoScenarioPath();
    if (demo.isEmpty())
        return false;
    openScenario(demo, { { QStringLiteral("n"), demoElementCount } });
    return true;
}

void RunSession::setDeviceId(const QString& id)
{
    if (id == m_request.deviceId)
        return;
    m_request.deviceId = id;
    if (!m_request.scenarioFile.isEmpty())
        run();
}

void RunSession::run()
{
    if (m_request.scenarioFile.isEmpty()) {
        m_window->statusBar()->showMessage(tr("Open a scenario first (File ▸ Open)"), statusMessageMs);
        return;
    }
    m_runs->start(m_request);
}

void RunSession::cancel()
{
    m_runs->cancel();
    m_sweeps->cancel();
}

void RunSession::showSweepDialog()
{
    const auto& snapshot = m_runs->snapshot();
    auto params = snapshot ? snapshot->params : m_request.overrides;
    auto* dialog = new SweepDialog(params, m_devices, m_request.deviceId, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { startSweep(dialog->request()); });
    dialog->open();
}

void RunSession::startSweep(model::SweepRequest request)
{
    if (m_request.scenarioFile.isEmpty())
        return;
    request.scenarioFile = m_request.scenarioFile;
    request.overrides = m_request.overrides;
    request.overrides.remove(request.param);
    request.sessionDatabase = m_request.sessionDatabase;
    m_sweeps->start(request);
}

bool RunSession::isBusy() const
{
    return m_runs->isRunning() || m_sweeps->isRunning();
}

void RunSession::settle()
{
    if (isBusy())
        return;
    m_status->showIdle();
    Q_EMIT idle();
}

void RunSession::reportFailure(const QString& title, const QString& message)
{
    m_window->statusBar()->showMessage(QStringLiteral("%1: %2").arg(title, message), statusMessageMs);
    if (m_quiet)
        return;
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace app
