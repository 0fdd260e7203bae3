#pragma once

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QAction;
class QMenu;
class QWidget;

namespace views {
class ReportExporter;
}

namespace app {

/// A run of a session database: what the report and compare actions work on.
struct StoredRunRef {
    QString dbPath;
    qint64 runId = 0;
};

/// File ▸ Export Report… (Ctrl+E) and Tools ▸ Compare Runs… (Ctrl+Shift+C) for the window's current stored
/// run. `currentRun` answers which run that is; both actions are disabled while it answers nothing.
class ReportActions : public QObject {
    Q_OBJECT
public:
    ReportActions(QWidget* window, std::function<std::optional<StoredRunRef>()> currentRun);

    QAction* exportReportAction() const { return m_export; }
    QAction* compareRunsAction() const { return m_compare; }
    views::ReportExporter* exporter() const { return m_exporter; }

    /// Re-reads currentRun() to enable or disable the actions (call when the current run changes).
    void updateEnabled();

    /// Writes the current run's report to `path` (the action asks for the path with a save dialog first).
    void exportTo(const QString& path);

signals:
    /// Progress and outcome for the status bar.
    void statusMessage(const QString& text);

private:
    void exportReport();
    void compareRuns();

    QWidget* m_window;
    std::function<std::optional<StoredRunRef>()> m_currentRun;
    views::ReportExporter* m_exporter;
    QAction* m_export;
    QAction* m_compare;
};

} // namespace app
