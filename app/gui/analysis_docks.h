#pragma once

#include <QMap>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

class QDockWidget;
class QMainWindow;

namespace engine {
class DeviceCatalog;
}

namespace model {
class SourceSession;
class StepperSession;
}

namespace app {

/// The Warp stepper and Source docks, and the sessions behind them (GUI thread). They follow the scenario
/// and the device the main window opens, so stepping and per-line counters always show the current run.
class AnalysisDocks : public QObject {
    Q_OBJECT
public:
    AnalysisDocks(std::shared_ptr<const engine::DeviceCatalog> catalog, QMainWindow* window);

    void openScenario(const QString& path, const QMap<QString, qint64>& overrides);
    void setDevice(const QString& deviceId);
    /// Opens block `linearBlock` (numbered x fastest, as the launch counts blocks) and its warp `warp` in the
    /// stepper at step 0 and raises it; nothing when no launch is open there or the block is outside its grid.
    bool showWarp(quint32 linearBlock, quint32 warp);

    /// Runs the stepper's warp until it is next at PTX instruction `pc` (after whatever is queued) and raises it
    /// at half the window's height.
    void runStepperTo(int pc);
    /// Calls `done` once the stepper has no job running or queued (at once when it has none).
    void whenStepperIdle(std::function<void()> done);

    QDockWidget* stepperDock() const { return m_stepperDock; }
    QDockWidget* sourceDock() const { return m_sourceDock; }
    QDockWidget* banksDock() const { return m_banksDock; }
    QDockWidget* memoryDock() const { return m_memoryDock; }

private:
    model::StepperSession* m_stepper = nullptr;
    model::SourceSession* m_source = nullptr;
    QDockWidget* m_stepperDock = nullptr;
    QDockWidget* m_sourceDock = nullptr;
    QDockWidget* m_banksDock = nullptr; ///< the Bank Heat Map, fed the Source view's snapshots
    QDockWidget* m_memoryDock = nullptr; ///< the Memory Requests chart, fed the same
    QString m_deviceId;
};

} // namespace app
