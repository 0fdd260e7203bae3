#pragma once

#include <QObject>

class QAction;
class QMenuBar;

namespace model {
class TimeRangeHistory;
}

namespace app {

/// The Edit menu of the time range every view shares: Undo (Ctrl+Z) and Redo (Ctrl+Shift+Z, Ctrl+Y) of
/// selections, named after the step they take back or replay, and Show Whole Run (Ctrl+Shift+A).
class TimeRangeActions : public QObject {
    Q_OBJECT
public:
    TimeRangeActions(model::TimeRangeHistory* history, QMenuBar* menuBar, QObject* parent = nullptr);

    QAction* undoAction() const { return m_undo; }
    QAction* redoAction() const { return m_redo; }
    QAction* wholeRunAction() const { return m_wholeRun; }

private:
    void update();

    model::TimeRangeHistory* m_history;
    QAction* m_undo = nullptr;
    QAction* m_redo = nullptr;
    QAction* m_wholeRun = nullptr;
};

} // namespace app
