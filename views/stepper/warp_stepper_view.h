#pragma once

#include "model/stepper/step_snapshot.h"

#include <QWidget>

#include <memory>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableView;
class QToolBar;

namespace model {
class RegisterTableModel;
class StepperSession;
}

namespace views {

class LaneStrip;
class MemoryPictureWidget;
class PtxListingWidget;

/// The warp stepper: device, block and warp pickers; Step (F10), Step back (Shift+F10), Run to barrier,
/// Run to cursor (Ctrl+F10), Toggle breakpoint (F9), Continue (F8 — F5 is left to the main window's Run),
/// Restart (Ctrl+Shift+F5), Stop; the PTX listing with the next instruction highlighted; the 32-lane
/// strip; a lane × register table and a watch list with changed values highlighted; and the memory
/// picture of the last memory instruction. Shortcuts act while focus is inside the view. Drives a
/// model::StepperSession; every snapshot it delivers redraws the view. GUI thread.
class WarpStepperView : public QWidget {
    Q_OBJECT
public:
    explicit WarpStepperView(model::StepperSession* session, QWidget* parent = nullptr);

    QAction* stepAction() const { return m_step; }
    QAction* stepBackAction() const { return m_stepBack; }
    QAction* runToBarrierAction() const { return m_runToBarrier; }
    QAction* runToCursorAction() const { return m_runToCursor; }
    QAction* toggleBreakpointAction() const { return m_toggleBreakpoint; }
    QAction* continueAction() const { return m_continue; }
    QAction* restartAction() const { return m_restart; }
    QAction* stopAction() const { return m_stop; }
    PtxListingWidget* listing() const { return m_listing; }
    LaneStrip* laneStrip() const { return m_lanes; }
    MemoryPictureWidget* memoryPicture() const { return m_memory; }
    QTableView* registerTable() const { return m_registerTable; }
    QTableView* watchTable() const { return m_watchTable; }
    QLabel* statusLabel() const { return m_status; }

protected:
    /// F5 is Continue while the keyboard focus is in the stepper, as in a debugger; elsewhere it stays the main
    /// window's Run. Taking the key before the shortcut map sees it avoids an ambiguous F5.
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void setupActions();
    QAction* addStepperAction(const QString& text, const QKeySequence& shortcut, const QString& tip);
    QToolBar* makeToolBar();
    QWidget* makePickers();
    QWidget* makeStatePanel();
    QWidget* makeWatchPanel();
    void setupLayout();
    void setupConnections();
    void connectActions();
    void showSnapshot(const std::shared_ptr<const model::StepSnapshot>& snapshot);
    void showPickers(const model::StepSnapshot& snapshot);
    void showBusy(bool busy);
    void addWatch();
    void removeSelectedWatches();

    model::StepperSession* m_session = nullptr;
    model::RegisterTableModel* m_registers = nullptr;
    model::RegisterTableModel* m_watches = nullptr;
    QAction* m_step = nullptr;
    QAction* m_stepBack = nullptr;
    QAction* m_runToBarrier = nullptr;
    QAction* m_runToCursor = nullptr;
    QAction* m_toggleBreakpoint = nullptr;
    QAction* m_continue = nullptr;
    QAction* m_runToEnd = nullptr;
    QAction* m_restart = nullptr;
    QAction* m_stop = nullptr;
    QComboBox* m_device = nullptr;
    QSpinBox* m_blockX = nullptr;
    QSpinBox* m_blockY = nullptr;
    QSpinBox* m_blockZ = nullptr;
    QSpinBox* m_warp = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_position = nullptr;
    PtxListingWidget* m_listing = nullptr;
    LaneStrip* m_lanes = nullptr;
    QTableView* m_registerTable = nullptr;
    QTableView* m_watchTable = nullptr;
    QLineEdit* m_watchInput = nullptr;
    MemoryPictureWidget* m_memory = nullptr;
};

} // namespace views
