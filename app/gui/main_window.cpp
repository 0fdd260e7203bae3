#include "app/gui/main_window.h"

#include "app/gui/about_dialog.h"
#include "app/gui/analysis_docks.h"
#include "app/gui/command_line.h"
#include "app/gui/device_menu.h"
#include "app/gui/device_status.h"
#include "app/gui/file_kind.h"
#include "app/gui/launch_forms.h"
#include "app/gui/parameter_bar.h"
#include "app/gui/roofline_docks.h"
#include "app/gui/run_session.h"
#include "app/gui/run_status_widget.h"
#include "app/gui/session_controller.h"
#include "app/gui/session_dock.h"
#include "app/gui/time_range_actions.h"
#include "app/gui/user_guide_window.h"
#include "app/gui/window_messages.h"
#include "model/device/device_list_model.h"
#include "model/occupancy/launch_inputs.h"
#include "model/occupancy/occupancy_model.h"
#include "model/run/time_range_history.h"
#include "views/bandwidth/bandwidth_view.h"
#include "views/console/console_view.h"
#include "views/memory/launch_memory_chart.h"
#include "views/occupancy/occupancy_view.h"
#include "views/streams/stream_timeline_canvas.h"
#include "views/streams/stream_view.h"
#include "views/summary/launch_summary_panel.h"
#include "views/timeline/warp_timeline_canvas.h"
#include "views/timeline/warp_timeline_view.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTextStream>
#include <QTimer>
#include <QToolBar>

namespace app {

namespace {

const QString defaultDeviceId = QStringLiteral("h100");

} // namespace

MainWindow::MainWindow(model::DeviceCatalogLoad catalog, QWidget* parent)
    : QMainWindow(parent)
    , m_catalog(std::move(catalog))
{
    setWindowTitle(tr("warpscope"));
    setObjectName(QStringLiteral("mainWindow"));
    setDockNestingEnabled(true);
    setAcceptDrops(true);
    setupModels();
    setupDocks();
    setupRunDocks();
    setupFileMenu();
    setupTimeRange();
    setupViewMenu();
    setupDeviceMenu();
    m_session->setupMenu(menuBar());
    setupToolsMenu();
    setupHelpMenu();
    setupToolBar();
    setupStatusBar();
    m_defaultState = saveState();
    restoreSettings();
}

MainWindow::~MainWindow() = default;

void MainWindow::setupModels()
{
    m_devices = new model::DeviceListModel(*m_catalog.catalog, this);
    m_occupancy = new model::OccupancyModel(m_catalog.catalog, this);
}

QDockWidget* MainWindow::addViewDock(
    QWidget* view, const QString& title, const QString& objectName, Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(view);
    addDockWidget(area, dock);
    m_docks.push_back(dock);
    return dock;
}

void MainWindow::setupDocks()
{
    m_occupancyView = new views::OccupancyView(m_occupancy);
    m_occupancyDock
        = addViewDock(m_occupancyView, tr("Occupancy"), QStringLiteral("occupancyDock"), Qt::TopDockWidgetArea);
}

void MainWindow::setupRunDocks()
{
    m_streamView = new views::StreamView;
    m_bandwidthView = new views::BandwidthView;
    m_launchSummary = new views::LaunchSummaryPanel;
    // The big views share one tabbed area; the launch summary runs down the whole right side beside them.
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    auto* streams = addViewDock(m_streamView, tr("Streams"), QStringLiteral("streamsDock"), Qt::TopDockWidgetArea);
    auto* bandwidth
        = addViewDock(m_bandwidthView, tr("Bandwidth"), QStringLiteral("bandwidthDock"), Qt::TopDockWidgetArea);
    m_warpTimeline = new views::WarpTimelineView;
    auto* timeline
        = addViewDock(m_warpTimeline, tr("Warp Timeline"), QStringLiteral("timelineDock"), Qt::TopDockWidgetArea);
    m_launchMemory = new views::LaunchMemoryChart;
    auto* caches
        = addViewDock(m_launchMemory, tr("Caches and DRAM"), QStringLiteral("cachesDock"), Qt::TopDockWidgetArea);
    addViewDock(m_launchSummary, tr("Launch Summary"), QStringLiteral("summaryDock"), Qt::RightDockWidgetArea);
    tabifyDockWidget(m_occupancyDock, streams);
    tabifyDockWidget(streams, bandwidth);
    tabifyDockWidget(bandwidth, timeline);
    tabifyDockWidget(timeline, caches);
    m_occupancyDock->raise();
    QVector<model::DeviceSummary> devices;
    for (int row = 0; row < m_devices->rowCount(); ++row)
        devices.push_back(m_devices->summaryAt(row));
    m_session = new RunSession(m_catalog.catalog, devices, this,
        {[this](std::shared_ptr<const model::RunSnapshot> s) { showRunSnapshot(std::move(s)); }, m_bandwidthView});
    m_analysis = new AnalysisDocks(m_catalog.catalog, this);
    m_docks.push_back(m_analysis->stepperDock());
    m_docks.push_back(m_analysis->sourceDock());
    m_docks.push_back(m_analysis->banksDock());
    m_docks.push_back(m_analysis->memoryDock());
    m_roofline = new RooflineDocks(this);
    m_docks.push_back(m_roofline->rooflineDock());
    m_docks.push_back(m_roofline->memoryChartDock());
    tabifyDockWidget(caches, m_roofline->rooflineDock());
    tabifyDockWidget(m_roofline->rooflineDock(), m_roofline->memoryChartDock());
    connect(m_roofline, &RooflineDocks::launchChosen, this, &MainWindow::showLaunchOccupancy);
    connect(m_launchSummary, &views::LaunchSummaryPanel::launchChosen, m_roofline, &RooflineDocks::selectLaunch);
    connect(m_session, &RunSession::scenarioOpened, m_analysis, &AnalysisDocks::openScenario);
    m_sessionController = new SessionController(this, m_session,
        {[this](std::shared_ptr<const model::RunSnapshot> s) { showRunSnapshot(std::move(s)); },
            [this](std::shared_ptr<const model::SweepSnapshot> s) { m_bandwidthView->setSnapshot(std::move(s)); }});
    addViewDock(m_sessionController->dock(), tr("Session"), QStringLiteral("sessionDock"), Qt::RightDockWidgetArea);
    connect(m_sessionController, &SessionController::statusMessage, this,
        [this](const QString& text) { statusBar()->showMessage(text, statusMessageMs); });
    connect(m_sessionController, &SessionController::databaseFailed, this, &MainWindow::reportCannotOpen);
    connect(m_launchSummary, &views::LaunchSummaryPanel::launchChosen, this, &MainWindow::showLaunchOccupancy);
    connect(
        m_sessionController, &SessionController::currentRunChanged, m_warpTimeline, &views::WarpTimelineView::showRun);
    connect(m_warpTimeline->canvas(), &views::WarpTimelineCanvas::warpClicked, this, &MainWindow::openWarpInStepper);
    m_console = new views::ConsoleView;
    connect(m_console, &views::ConsoleView::warpChosen, this,
        [this](int, quint32 block, quint32 warp) { openWarpInStepper(block, warp); });
    tabifyDockWidget(m_roofline->memoryChartDock(),
        addViewDock(m_console, tr("Console"), QStringLiteral("consoleDock"), Qt::TopDockWidgetArea));
    m_occupancyDock->raise();
}

void MainWindow::showRunSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot)
{
    // More of the run already shown (results so far, then the whole run) keeps the time range and launch chosen
    // while it ran; another run starts afresh.
    const bool moreOfShown = m_shownRun && m_shownRun->isPartial() && snapshot
        && snapshot->scenarioFile == m_shownRun->scenarioFile && snapshot->deviceId == m_shownRun->deviceId;
    if (!moreOfShown)
        m_timeRange->reset();
    m_shownRun = snapshot;
    if (!moreOfShown && snapshot && !snapshot->launches.isEmpty())
        showLaunchOccupancy(0);
    m_streamView->setSnapshot(snapshot);
    m_launchSummary->setSnapshot(snapshot);
    m_roofline->showRun(snapshot, moreOfShown);
    // A whole run reaches the Warp Timeline once recorded (SessionController::currentRunChanged); results so far
    // come recorded in a scratch database of their own.
    if (snapshot && snapshot->isPartial() && !snapshot->databasePath.isEmpty())
        m_warpTimeline->showRunSoFar(snapshot->databasePath, snapshot->runId);
    m_console->setSnapshot(snapshot);
    m_launchMemory->setSnapshot(std::move(snapshot));
}

void MainWindow::openWarpInStepper(quint32 block, quint32 warp)
{
    if (!m_analysis->showWarp(block, warp))
        statusBar()->showMessage(
            tr("Block %1 warp %2 is not part of the launch open in the Warp Stepper").arg(block).arg(warp), 5000);
}

void MainWindow::showLaunchOccupancy(int index)
{
    if (!m_shownRun || index < 0 || index >= m_shownRun->launches.size())
        return;
    const auto& launch = m_shownRun->launches[index];
    m_occupancyView->showLaunch(launch.kernel, model::launchInputs(launch, m_occupancy->inputs()));
}

void MainWindow::setupTimeRange()
{
    m_timeRange = new model::TimeRangeHistory(this);
    new TimeRangeActions(m_timeRange, menuBar(), this);
    const auto select
        = [this](double fromUs, double toUs) { m_timeRange->select(model::TimeRange::between(fromUs, toUs)); };
    connect(m_streamView->canvas(), &views::StreamTimelineCanvas::rangeSelected, this, select);
    connect(m_warpTimeline, &views::WarpTimelineView::rangeSelected, this, select);
    connect(m_timeRange, &model::TimeRangeHistory::changed, this, [this] {
        const auto& range = m_timeRange->current();
        m_streamView->setTimeRange(range);
        m_warpTimeline->setTimeRange(range);
        m_launchSummary->setTimeRange(range);
        m_launchMemory->setTimeRange(range);
        m_roofline->setTimeRange(range);
        if (range)
            statusBar()->showMessage(tr("Every view shows %1 (Ctrl+Z undoes, Ctrl+Shift+A shows the whole run)")
                                         .arg(model::describe(*range)),
                statusMessageMs);
    });
}

void MainWindow::setupFileMenu()
{
    auto* menu = menuBar()->addMenu(tr("&File"));
    auto* open = menu->addAction(tr("&Open…"), this, &MainWindow::openFileDialog);
    open->setShortcut(QKeySequence::Open);
    open->setObjectName(QStringLiteral("openAction"));
    m_launchForms = new LaunchForms(m_catalog.catalog, m_devices, this);
    connect(m_launchForms, &LaunchForms::scenarioSaved, this, [this](const QString& path, bool run) {
        m_recentFiles.add(path);
        statusBar()->showMessage(tr("Saved %1 (warpscope-cli run %1 repeats it)").arg(path), statusMessageMs);
        if (run)
            m_session->openScenario(path);
    });
    auto* launch = menu->addAction(tr("New &Launch…"), this, [this] { showLaunchForm({}); });
    launch->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    launch->setObjectName(QStringLiteral("newLaunchAction"));
    launch->setToolTip(tr("Launch a kernel of a .cu or .ptx file from a form that writes a scenario"));
    m_recentMenu = menu->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::populateRecentMenu);
    menu->addSeparator();
    menu->addAction(m_sessionController->reportActions()->exportReportAction());
    menu->addSeparator();
    auto* quit = menu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
}

void MainWindow::setupViewMenu()
{
    m_viewMenu = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < m_docks.size(); ++i) {
        auto* toggle = m_docks[i]->toggleViewAction();
        if (i < 9) // Alt+1 … Alt+9, then Alt+0, then Alt+Shift+1 …
            toggle->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + i)));
        else if (i == 9)
            toggle->setShortcut(QKeySequence(Qt::ALT | Qt::Key_0));
        else if (i < 19)
            toggle->setShortcut(QKeySequence(Qt::ALT | Qt::SHIFT | static_cast<Qt::Key>(Qt::Key_1 + i - 10)));
        m_viewMenu->addAction(toggle);
    }
    m_viewMenu->addSeparator();
    auto* reset = m_viewMenu->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
}

void MainWindow::setupDeviceMenu()
{
    m_deviceMenu = new DeviceMenu(*m_devices, !m_catalog.errors.isEmpty(), menuBar(), this);
    connect(m_deviceMenu, &DeviceMenu::deviceChosen, this, &MainWindow::selectDevice);
    connect(m_deviceMenu, &DeviceMenu::stepRequested, this, &MainWindow::stepDevice);
    connect(m_deviceMenu, &DeviceMenu::profileErrorsRequested, this, &MainWindow::showProfileLoadErrors);
}

void MainWindow::setupToolsMenu()
{
    auto* menu = menuBar()->addMenu(tr("&Tools"));
    menu->addAction(m_sessionController->reportActions()->compareRunsAction());
}

void MainWindow::setupHelpMenu()
{
    auto* menu = menuBar()->addMenu(tr("&Help"));
    auto* guide = menu->addAction(tr("&User Guide"), this, [this] { UserGuideWindow::showFor(this); });
    guide->setObjectName(QStringLiteral("userGuideAction"));
    guide->setShortcut(QKeySequence::HelpContents);
    auto* about = menu->addAction(tr("&About warpscope"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
}

void MainWindow::setupToolBar()
{
    auto* toolBar = addToolBar(tr("Main"));
    toolBar->setObjectName(QStringLiteral("mainToolBar"));
    toolBar->addWidget(new QLabel(tr(" Device: ")));
    m_devicePicker = new QComboBox;
    m_devicePicker->setObjectName(QStringLiteral("devicePicker"));
    m_devicePicker->setModel(m_devices);
    m_devicePicker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_devicePicker->setToolTip(tr("The modeled GPU every view shows (Ctrl+[ / Ctrl+])"));
    toolBar->addWidget(m_devicePicker);
    connect(
        m_devicePicker, &QComboBox::activated, this, [this](int row) { selectDevice(m_devices->summaryAt(row).id); });
    m_viewMenu->insertAction(m_viewMenu->actions().value(m_docks.size()), toolBar->toggleViewAction());
    m_parameterBar = new ParameterBar(this);
    addToolBar(m_parameterBar);
    m_viewMenu->insertAction(m_viewMenu->actions().value(m_docks.size() + 1), m_parameterBar->toggleViewAction());
    connect(m_session, &RunSession::parametersRan, m_parameterBar, &ParameterBar::setParameters);
    connect(m_parameterBar, &ParameterBar::parametersEdited, m_session, &RunSession::runWithParameters);
    auto* edit = new QAction(tr("Edit &Parameters"), this);
    edit->setObjectName(QStringLiteral("editParametersAction"));
    edit->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    connect(edit, &QAction::triggered, this, [this] {
        m_parameterBar->show();
        m_parameterBar->focusFirstField();
    });
    m_session->runMenu()->addAction(edit);
}

void MainWindow::setupStatusBar()
{
    statusBar()->addPermanentWidget(m_session->statusWidget());
    m_deviceStatus = new DeviceStatus(statusBar(), m_catalog.errors);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray())) {
        // First start: fits a 1080-line screen; the views above get more of the height than the stepper below.
        resize(1500, 980);
        QTimer::singleShot(0, this, [this] {
            resizeDocks({m_occupancyDock, m_analysis->stepperDock()}, {520, 400}, Qt::Vertical);
        });
    }
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
    if (!selectDevice(settings.value(QStringLiteral("device"), defaultDeviceId).toString())
        && !selectDevice(defaultDeviceId))
        selectDevice(m_devices->summaryAt(0).id);
    auto inputs = m_occupancy->inputs();
    inputs.threadsPerBlock
        = settings.value(QStringLiteral("occupancy/threadsPerBlock"), inputs.threadsPerBlock).toInt();
    inputs.registersPerThread
        = settings.value(QStringLiteral("occupancy/registersPerThread"), inputs.registersPerThread).toInt();
    inputs.sharedBytesPerBlock
        = settings.value(QStringLiteral("occupancy/sharedBytesPerBlock"), inputs.sharedBytesPerBlock).toInt();
    m_occupancy->setInputs(inputs);
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    settings.setValue(QStringLiteral("device"), m_occupancy->deviceId());
    const auto inputs = m_occupancy->inputs();
    settings.setValue(QStringLiteral("occupancy/threadsPerBlock"), inputs.threadsPerBlock);
    settings.setValue(QStringLiteral("occupancy/registersPerThread"), inputs.registersPerThread);
    settings.setValue(QStringLiteral("occupancy/sharedBytesPerBlock"), inputs.sharedBytesPerBlock);
    // `warpscope` with no FILE continues this session next time (DESIGN.md, contracts); a window that recorded
    // nothing leaves the previous one to be reopened.
    const auto database = m_session->sessionDatabase();
    if (!database.isEmpty() && QFileInfo::exists(database))
        settings.setValue(QStringLiteral("lastSession"), database);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.front().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.front().isLocalFile())
        return;
    event->acceptProposedAction();
    openFile(urls.front().toLocalFile());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_quiet)
        saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::raiseView(const QString& names)
{
    for (const auto& name : names.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        for (auto* dock : std::as_const(m_docks)) {
            if (dock->objectName().startsWith(name.trimmed(), Qt::CaseInsensitive)) {
                dock->show();
                dock->raise();
                break;
            }
        }
    }
}

bool MainWindow::selectDevice(const QString& id)
{
    const int row = m_devices->rowOfId(id);
    if (row < 0 || !m_occupancy->setDeviceId(id))
        return false;
    m_devicePicker->setCurrentIndex(row);
    m_deviceMenu->setCurrentRow(row);
    updateStatusBar();
    m_session->setDeviceId(id);
    if (m_analysis)
        m_analysis->setDevice(id);
    return true;
}

void MainWindow::stepDevice(int delta)
{
    const int count = m_devices->rowCount();
    if (count == 0)
        return;
    const int row = (m_devices->rowOfId(m_occupancy->deviceId()) + delta + count) % count;
    selectDevice(m_devices->summaryAt(row).id);
}

void MainWindow::updateStatusBar()
{
    m_deviceStatus->show(m_devices->summaryAt(m_devices->rowOfId(m_occupancy->deviceId())));
}

void MainWindow::openFileDialog()
{
    const auto path = QFileDialog::getOpenFileName(this, tr("Open"), QString(), openFileFilter());
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::openFile(const QString& path)
{
    const QFileInfo info(path);
    if (!info.exists()) {
        m_recentFiles.remove(path);
        reportCannotOpen(path, tr("The file does not exist."));
        return;
    }
    if (!info.isFile() || !info.isReadable()) {
        reportCannotOpen(path, tr("It is not a readable file."));
        return;
    }
    const auto kind = fileKindOf(path);
    if (kind == FileKind::Unknown) {
        reportCannotOpen(path,
            tr("warpscope opens scenarios (.json), CUDA sources (.cu), PTX (.ptx) and session "
               "databases (.wsdb, .db)."));
        return;
    }
    m_recentFiles.add(path);
    if (kind == FileKind::Scenario) {
        m_session->openScenario(path);
        return;
    }
    if (kind == FileKind::SessionDatabase) {
        m_sessionController->openDatabase(path);
        raiseView(QStringLiteral("session"));
        return;
    }
    showLaunchForm(path); // a .cu or .ptx: the launch form writes the scenario that runs it
}

views::LaunchFormDialog* MainWindow::showLaunchForm(const QString& modulePath)
{
    return m_launchForms->open(modulePath, m_occupancy->deviceId());
}

void MainWindow::reportCannotOpen(const QString& path, const QString& reason)
{
    const auto name = QFileInfo(path).fileName();
    statusBar()->showMessage(tr("Cannot open %1: %2").arg(name, reason), statusMessageMs);
    if (m_quiet) {
        // A screenshot of a file that cannot be opened would wait for a run that never comes: say why and stop.
        QTextStream(stderr) << "warpscope: cannot open " << path << ": " << reason << Qt::endl;
        QCoreApplication::exit(2);
        return;
    }
    openCannotOpenBox(this, path, reason);
}

void MainWindow::populateRecentMenu()
{
    fillRecentMenu(*m_recentMenu, m_recentFiles, this, [this](const QString& file) { openFile(file); });
}

void MainWindow::resetLayout()
{
    restoreState(m_defaultState);
    for (auto* dock : std::as_const(m_docks)) {
        dock->setFloating(false);
        dock->show();
    }
}

void MainWindow::showAbout()
{
    auto* dialog = new AboutDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::showProfileLoadErrors()
{
    if (!m_catalog.errors.isEmpty())
        openProfileErrorsBox(this, m_catalog.errors);
}

} // namespace app
