#pragma once

#include "app/gui/recent_files.h"
#include "model/device/device_catalog_load.h"

#include <QMainWindow>

#include <memory>

class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;

namespace model {
class DeviceListModel;
class OccupancyModel;
struct RunSnapshot;
class TimeRangeHistory;
}

namespace views {
class BandwidthView;
class ConsoleView;
class LaunchFormDialog;
class LaunchMemoryChart;
class LaunchSummaryPanel;
class OccupancyView;
class StreamView;
class WarpTimelineView;
}

namespace app {

class AnalysisDocks;
class RooflineDocks;
class SessionController;

struct CommandLine;
class DeviceMenu;
class DeviceStatus;
class LaunchForms;
class ParameterBar;
class RunSession;

/// The window every view docks into: menus, a toolbar with the device picker, a status bar with the
/// device's key figures, and the docks, whose layout is saved in QSettings. GUI thread only.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// How long the status bar shows the window's own messages.
    static constexpr int statusMessageMs = 10000;

    explicit MainWindow(model::DeviceCatalogLoad catalog, QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Applies `warpscope [options] [FILE]` once the window is shown: device, inputs, file, screenshot.
    void start(const CommandLine& commandLine);
    /// Shows device `id` everywhere (picker, Device menu, status bar, views). False for an unknown id.
    bool selectDevice(const QString& id);
    /// Opens FILE, or says clearly why it cannot; never fails harder than a message.
    void openFile(const QString& path);
    void showProfileLoadErrors();

    views::OccupancyView* occupancyView() const { return m_occupancyView; }
    model::OccupancyModel* occupancyModel() const { return m_occupancy; }
    views::StreamView* streamView() const { return m_streamView; }
    views::BandwidthView* bandwidthView() const { return m_bandwidthView; }
    views::LaunchSummaryPanel* launchSummary() const { return m_launchSummary; }
    views::WarpTimelineView* warpTimeline() const { return m_warpTimeline; }
    RooflineDocks* rooflineDocks() const { return m_roofline; }
    views::LaunchMemoryChart* launchMemoryChart() const { return m_launchMemory; }
    views::ConsoleView* console() const { return m_console; }
    model::TimeRangeHistory* timeRange() const { return m_timeRange; }
    ParameterBar* parameterBar() const { return m_parameterBar; }
    RunSession* session() const { return m_session; }
    SessionController* sessionController() const { return m_sessionController; }
    /// Opens the bundled offset-copy demo at a small n, so the first run is quick.
    void openDemo();
    /// File ▸ New Launch…: the launch form, on `modulePath` when given (a .cu or .ptx opened in the window).
    views::LaunchFormDialog* showLaunchForm(const QString& modulePath);

protected:
    void closeEvent(QCloseEvent* event) override;
    /// Files dropped on the window open as File ▸ Open would open them.
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void setupModels();
    void setupDocks();
    void setupRunDocks();
    void setupTimeRange();
    /// A run's snapshot (just run, or read back from the session database) in every view that shows runs; the
    /// time range starts over with it.
    void showRunSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot);
    /// The Occupancy view marks launch `index` of the shown run's configuration.
    void showLaunchOccupancy(int index);
    /// Opens warp `warp` of block `block` in the Warp Stepper, or says why it cannot.
    void openWarpInStepper(quint32 block, quint32 warp);
    QDockWidget* addViewDock(QWidget* view, const QString& title, const QString& objectName, Qt::DockWidgetArea area);
    /// Brings the docks named in `names` (comma-separated, object-name prefixes: "streams,stepper") to the front.
    void raiseView(const QString& names);
    void openStartFile(const CommandLine& commandLine);
    /// `warpscope` with no FILE after the first start: the session database the last window recorded into.
    void reopenLastSession();
    void setupFileMenu();
    void setupViewMenu();
    void setupDeviceMenu();
    void setupToolsMenu();
    void setupHelpMenu();
    void setupToolBar();
    void setupStatusBar();
    void restoreSettings();
    void saveSettings() const;

    void openFileDialog();
    void populateRecentMenu();
    void resetLayout();
    void showAbout();
    void stepDevice(int delta);
    void updateStatusBar();
    void reportCannotOpen(const QString& path, const QString& reason);

    model::DeviceCatalogLoad m_catalog;
    model::DeviceListModel* m_devices = nullptr;
    model::OccupancyModel* m_occupancy = nullptr;
    views::OccupancyView* m_occupancyView = nullptr;
    QDockWidget* m_occupancyDock = nullptr;
    views::StreamView* m_streamView = nullptr;
    views::BandwidthView* m_bandwidthView = nullptr;
    views::LaunchSummaryPanel* m_launchSummary = nullptr;
    views::WarpTimelineView* m_warpTimeline = nullptr;
    views::LaunchMemoryChart* m_launchMemory = nullptr;
    views::ConsoleView* m_console = nullptr;
    model::TimeRangeHistory* m_timeRange = nullptr;
    std::shared_ptr<const model::RunSnapshot> m_shownRun; ///< the run every view shows
    QVector<QDockWidget*> m_docks; ///< every view's dock, Occupancy first
    RunSession* m_session = nullptr;
    LaunchForms* m_launchForms = nullptr;
    AnalysisDocks* m_analysis = nullptr;
    RooflineDocks* m_roofline = nullptr;
    SessionController* m_sessionController = nullptr;
    QComboBox* m_devicePicker = nullptr;
    ParameterBar* m_parameterBar = nullptr;
    DeviceMenu* m_deviceMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    DeviceStatus* m_deviceStatus = nullptr;
    RecentFiles m_recentFiles;
    QByteArray m_defaultState;
    bool m_quiet = false; ///< no dialogs (screenshots)
};

} // namespace app
