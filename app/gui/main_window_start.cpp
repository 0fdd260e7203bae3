// How the window starts: the command line's device, launch inputs, view and file, the last session, or the demo.
#include "app/gui/main_window.h"

#include "app/gui/analysis_docks.h"
#include "app/gui/command_line.h"
#include "app/gui/file_kind.h"
#include "app/gui/launch_forms.h"
#include "app/gui/run_session.h"
#include "app/gui/session_controller.h"
#include "app/gui/window_screenshot.h"
#include "model/occupancy/occupancy_model.h"
#include "model/run/time_range_history.h"
#include "views/bandwidth/bandwidth_view.h"
#include "views/streams/stream_view.h"

#include <QFileInfo>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

#include <memory>

namespace app {

void MainWindow::start(const CommandLine& commandLine)
{
    m_quiet = !commandLine.screenshotPath.isEmpty();
    m_session->setQuiet(m_quiet);
    if (!commandLine.deviceId.isEmpty() && !selectDevice(commandLine.deviceId))
        statusBar()->showMessage(
            tr("Unknown device '%1'; showing %2").arg(commandLine.deviceId, m_occupancy->deviceId()));
    if (!commandLine.problems.isEmpty())
        statusBar()->showMessage(commandLine.problems.join(QStringLiteral("; ")), statusMessageMs);
    auto inputs = m_occupancy->inputs();
    if (commandLine.threadsPerBlock > 0)
        inputs.threadsPerBlock = commandLine.threadsPerBlock;
    if (commandLine.registersPerThread > 0)
        inputs.registersPerThread = commandLine.registersPerThread;
    if (commandLine.sharedBytesPerBlock >= 0)
        inputs.sharedBytesPerBlock = commandLine.sharedBytesPerBlock;
    m_occupancy->setInputs(inputs);
    QTimer::singleShot(0, this, [this, view = commandLine.view] { raiseView(view); });
    if (commandLine.bandwidthPercent)
        m_bandwidthView->setPercentOfTheoretical(true);
    if (const auto range = commandLine.timeRange) {
        // Each run starts a new history; the asked-for range applies to whatever has just run.
        connect(m_session, &RunSession::idle, this, [this, range] {
            if (!m_timeRange->current())
                m_timeRange->select(model::TimeRange::between(range->first, range->second));
        });
    }
    if (commandLine.stepToPc >= 0) {
        connect(m_session, &RunSession::scenarioOpened, m_analysis,
            [this, pc = commandLine.stepToPc] { m_analysis->runStepperTo(pc); });
    }
    const bool opensFile
        = !commandLine.file.isEmpty() || (!m_quiet && !QSettings().value(QStringLiteral("demoShown")).toBool());
    if (opensFile)
        QTimer::singleShot(0, this, [this, commandLine] { openStartFile(commandLine); });
    else if (!m_quiet)
        QTimer::singleShot(0, this, &MainWindow::reopenLastSession);
    if (!m_catalog.errors.isEmpty() && !m_quiet)
        QTimer::singleShot(0, this, &MainWindow::showProfileLoadErrors);
    if (!m_quiet)
        return;
    if (commandLine.file.isEmpty()) {
        scheduleWindowScreenshot(this, commandLine.screenshotPath);
        return;
    }
    // A screenshot of a run waits until the run (and the sweep, if any) has delivered its snapshot; one of a
    // session database until its newest run and its sweeps are shown.
    const auto shoot = [this, path = commandLine.screenshotPath] {
        m_analysis->whenStepperIdle([this, path] { scheduleWindowScreenshot(this, path, 800); });
    };
    if (fileKindOf(commandLine.file) == FileKind::SessionDatabase) {
        connect(m_sessionController, &SessionController::databaseShown, this, shoot, Qt::SingleShotConnection);
        return;
    }
    if (const auto kind = fileKindOf(commandLine.file); kind == FileKind::CudaSource || kind == FileKind::Ptx) {
        m_launchForms->screenshotNextForm(commandLine.screenshotPath); // the form's picture, once it lists the kernels
        return;
    }
    // With a baseline, the first idle is the baseline's run; the picture waits for FILE's.
    auto runsLeft = std::make_shared<int>(commandLine.baselineFile.isEmpty() ? 1 : 2);
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(m_session, &RunSession::idle, this, [runsLeft, connection, shoot] {
        if (--*runsLeft > 0)
            return;
        QObject::disconnect(*connection);
        shoot();
    });
}

void MainWindow::reopenLastSession()
{
    const auto path = QSettings().value(QStringLiteral("lastSession")).toString();
    if (path.isEmpty())
        return;
    if (!QFileInfo(path).isFile()) {
        statusBar()->showMessage(
            tr("The last session, %1, is gone; runs go to a new session").arg(path), statusMessageMs);
        return;
    }
    m_sessionController->openDatabase(path);
    statusBar()->showMessage(tr("Continuing the last session: %1").arg(QFileInfo(path).fileName()), statusMessageMs);
}

void MainWindow::openStartFile(const CommandLine& commandLine)
{
    if (commandLine.file.isEmpty()) {
        QSettings().setValue(QStringLiteral("demoShown"), true);
        openDemo();
        return;
    }
    if (fileKindOf(commandLine.file) == FileKind::Scenario && QFileInfo(commandLine.file).isFile()) {
        m_recentFiles.add(commandLine.file);
        const auto openFileRun = [this, commandLine] {
            m_session->openScenario(commandLine.file, commandLine.overrides);
            if (!commandLine.sweep.param.isEmpty())
                m_session->startSweep(commandLine.sweep);
        };
        if (commandLine.baselineFile.isEmpty()) {
            openFileRun();
            return;
        }
        connect(
            m_session, &RunSession::idle, this,
            [this, openFileRun] {
                m_streamView->pinBaseline();
                openFileRun();
            },
            Qt::SingleShotConnection);
        m_session->openScenario(commandLine.baselineFile, commandLine.overrides);
        return;
    }
    openFile(commandLine.file);
}

void MainWindow::openDemo()
{
    if (!m_session->openDemo())
        statusBar()->showMessage(tr("The bundled demo was not found (set WARPSCOPE_RESOURCES to warpscope's "
                                    "resources folder)"),
            statusMessageMs);
}

} // namespace app
