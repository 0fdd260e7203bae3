#include "app/gui/main_window.h"

#include "app/gui/about_dialog.h"
#include "app/gui/command_line.h"
#include "app/gui/file_kind.h"
#include "app/gui/window_screenshot.h"
#include "model/device/device_list_model.h"
#include "model/occupancy/occupancy_model.h"
#include "views/occupancy/occupancy_view.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUrl>

namespace app {

namespace {

const QString defaultDeviceId = QStringLiteral("h100");
constexpr int statusMessageMs = 10000;

} // namespace

MainWindow::MainWindow(model::DeviceCatalogLoad catalog, QWidget* parent)
    : QMainWindow(parent)
    , m_catalog(std::move(catalog))
{
    setWindowTitle(tr("warpscope"));
    setObjectName(QStringLiteral("mainWindow"));
    setDockNestingEnabled(true);
    setupModels();
    setupDocks();
    setupFileMenu();
    setupViewMenu();
    setupDeviceMenu();
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

void MainWindow::setupDocks()
{
    m_occupancyView = new views::OccupancyView(m_occupancy);
    m_occupancyDock = new QDockWidget(tr("Occupancy"), this);
    m_occupancyDock->setObjectName(QStringLiteral("occupancyDock"));
    m_occupancyDock->setWidget(m_occupancyView);
    addDockWidget(Qt::TopDockWidgetArea, m_occupancyDock);
}

void MainWindow::setupFileMenu()
{
    auto* menu = menuBar()->addMenu(tr("&File"));
    auto* open = menu->addAction(tr("&Open…"), this, &MainWindow::openFileDialog);
    open->setShortcut(QKeySequence::Open);
    open->setObjectName(QStringLiteral("openAction"));
    m_recentMenu = menu->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::populateRecentMenu);
    menu->addSeparator();
    auto* quit = menu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
}

void MainWindow::setupViewMenu()
{
    m_viewMenu = menuBar()->addMenu(tr("&View"));
    auto* toggleOccupancy = m_occupancyDock->toggleViewAction();
    toggleOccupancy->setShortcut(QKeySequence(Qt::ALT | Qt::Key_1));
    m_viewMenu->addAction(toggleOccupancy);
    m_viewMenu->addSeparator();
    auto* reset = m_viewMenu->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
}

void MainWindow::setupDeviceMenu()
{
    auto* menu = menuBar()->addMenu(tr("&Device"));
    m_deviceActions = new QActionGroup(this);
    for (int row = 0; row < m_devices->rowCount(); ++row) {
        const auto device = m_devices->summaryAt(row);
        auto* action = menu->addAction(m_devices->index(row).data().toString());
        action->setCheckable(true);
        action->setData(device.id);
        m_deviceActions->addAction(action);
        connect(action, &QAction::triggered, this, [this, id = device.id] { selectDevice(id); });
    }
    menu->addSeparator();
    auto* next = menu->addAction(tr("&Next Device"), this, [this] { stepDevice(1); });
    next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
    auto* previous = menu->addAction(tr("&Previous Device"), this, [this] { stepDevice(-1); });
    previous->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
    menu->addSeparator();
    menu->addAction(tr("Open &Profile Folder"), this, [] {
        const auto directory = model::userProfileDirectory();
        QDir().mkpath(directory);
        QDesktopServices::openUrl(QUrl::fromLocalFile(directory));
    });
    auto* errors = menu->addAction(tr("Profile Load &Errors…"), this, &MainWindow::showProfileLoadErrors);
    errors->setEnabled(!m_catalog.errors.isEmpty());
}

void MainWindow::setupHelpMenu()
{
    auto* menu = menuBar()->addMenu(tr("&Help"));
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
    connect(m_devicePicker, &QComboBox::activated, this, [this](int row) { selectDevice(m_devices->summaryAt(row).id); });
    m_viewMenu->insertAction(m_viewMenu->actions().value(1), toolBar->toggleViewAction());
}

void MainWindow::setupStatusBar()
{
    m_statusProfileErrors = new QLabel;
    m_statusProfileErrors->setObjectName(QStringLiteral("profileErrors"));
    m_statusDevice = new QLabel;
    m_statusDevice->setObjectName(QStringLiteral("statusDevice"));
    m_statusBandwidth = new QLabel;
    m_statusBandwidth->setObjectName(QStringLiteral("statusBandwidth"));
    statusBar()->addPermanentWidget(m_statusProfileErrors);
    statusBar()->addPermanentWidget(m_statusDevice);
    statusBar()->addPermanentWidget(m_statusBandwidth);
    const auto errorCount = m_catalog.errors.size();
    m_statusProfileErrors->setVisible(errorCount > 0);
    m_statusProfileErrors->setText(errorCount == 1
            ? tr("⚠ 1 device profile not loaded (Device ▸ Profile Load Errors)")
            : tr("⚠ %1 device profiles not loaded (Device ▸ Profile Load Errors)").arg(errorCount));
    m_statusProfileErrors->setToolTip(m_catalog.errors.isEmpty() ? QString() : m_catalog.errors.front().text);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray()))
        resize(1500, 940);
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
    if (!selectDevice(settings.value(QStringLiteral("device"), defaultDeviceId).toString())
        && !selectDevice(defaultDeviceId))
        selectDevice(m_devices->summaryAt(0).id);
    auto inputs = m_occupancy->inputs();
    inputs.threadsPerBlock = settings.value(QStringLiteral("occupancy/threadsPerBlock"), inputs.threadsPerBlock).toInt();
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
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_quiet)
        saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::start(const CommandLine& commandLine)
{
    m_quiet = !commandLine.screenshotPath.isEmpty();
    if (!commandLine.deviceId.isEmpty() && !selectDevice(commandLine.deviceId))
        statusBar()->showMessage(tr("Unknown device '%1'; showing %2").arg(commandLine.deviceId, m_occupancy->deviceId()));
    auto inputs = m_occupancy->inputs();
    if (commandLine.threadsPerBlock > 0)
        inputs.threadsPerBlock = commandLine.threadsPerBlock;
    if (commandLine.registersPerThread > 0)
        inputs.registersPerThread = commandLine.registersPerThread;
    if (commandLine.sharedBytesPerBlock >= 0)
        inputs.sharedBytesPerBlock = commandLine.sharedBytesPerBlock;
    m_occupancy->setInputs(inputs);
    if (!commandLine.file.isEmpty())
        QTimer::singleShot(0, this, [this, file = commandLine.file] { openFile(file); });
    if (!m_catalog.errors.isEmpty() && !m_quiet)
        QTimer::singleShot(0, this, &MainWindow::showProfileLoadErrors);
    if (m_quiet)
        scheduleWindowScreenshot(this, commandLine.screenshotPath);
}

bool MainWindow::selectDevice(const QString& id)
{
    const int row = m_devices->rowOfId(id);
    if (row < 0 || !m_occupancy->setDeviceId(id))
        return false;
    m_devicePicker->setCurrentIndex(row);
    m_deviceActions->actions().at(row)->setChecked(true);
    updateStatusBar();
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
    const auto device = m_devices->summaryAt(m_devices->rowOfId(m_occupancy->deviceId()));
    m_statusDevice->setText(tr("%1 · CC %2 · %3 SMs").arg(device.name, device.computeCapability).arg(device.smCount));
    m_statusBandwidth->setText(tr("%1 GB/s theoretical").arg(device.theoreticalBandwidthGBps, 0, 'f', 1));
    m_statusBandwidth->setToolTip(tr("Memory clock × bus width / 8 × data rate (Best Practices Guide, 8.2.1)"));
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
        reportCannotOpen(path, tr("warpscope opens scenarios (.json), CUDA sources (.cu), PTX (.ptx) and session "
                                  "databases (.db)."));
        return;
    }
    m_recentFiles.add(path);
    reportCannotOpen(path, tr("This version of warpscope cannot open a %1 yet: running kernels on the device model "
                              "comes in a later release. The Occupancy view works without a file.")
                               .arg(describe(kind)));
}

void MainWindow::reportCannotOpen(const QString& path, const QString& reason)
{
    const auto name = QFileInfo(path).fileName();
    statusBar()->showMessage(tr("Cannot open %1: %2").arg(name, reason), statusMessageMs);
    if (m_quiet)
        return;
    auto* box = new QMessageBox(QMessageBox::Information, tr("Cannot open %1").arg(name), reason, QMessageBox::Ok, this);
    box->setInformativeText(QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath()));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::populateRecentMenu()
{
    m_recentMenu->clear();
    const auto files = m_recentFiles.files();
    for (const auto& file : files)
        m_recentMenu->addAction(QDir::toNativeSeparators(file), this, [this, file] { openFile(file); });
    if (files.isEmpty())
        m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
    m_recentMenu->addSeparator();
    auto* clear = m_recentMenu->addAction(tr("&Clear List"), this, [this] { m_recentFiles.clear(); });
    clear->setEnabled(!files.isEmpty());
}

void MainWindow::resetLayout()
{
    restoreState(m_defaultState);
    m_occupancyDock->setFloating(false);
    m_occupancyDock->show();
}

void MainWindow::showAbout()
{
    auto* dialog = new AboutDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::showProfileLoadErrors()
{
    if (m_catalog.errors.isEmpty())
        return;
    QStringList lines;
    for (const auto& error : m_catalog.errors)
        lines.push_back(error.text);
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Device profiles not loaded"),
        tr("Device profiles in %1 that could not be loaded are left out:")
            .arg(QDir::toNativeSeparators(model::userProfileDirectory())),
        QMessageBox::Ok, this);
    box->setInformativeText(lines.join(QLatin1Char('\n')));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace app
