#pragma once

#include <QDialog>

#include <vector>

class QComboBox;
class QLabel;
class QPushButton;

namespace model {
class ComparisonLoader;
struct RunRow;
}
namespace views {
class ComparisonView;
}

namespace app {

/// Tools ▸ Compare Runs…: two runs of the session database side by side, launch by launch, or a run against
/// an Nsight Compute CSV export (measured beside modeled). Reading happens off the GUI thread. Run B starts
/// at the current run, run A at the one before it.
class CompareDialog : public QDialog {
    Q_OBJECT
public:
    CompareDialog(QString dbPath, qint64 currentRunId, QWidget* parent = nullptr);

    views::ComparisonView* view() const { return m_view; }
    model::ComparisonLoader* loader() const { return m_loader; }
    QComboBox* runA() const { return m_runA; }
    QComboBox* runB() const { return m_runB; }

    /// Compares the chosen runs (the Compare button).
    void compareRuns();
    /// Compares run B with an Nsight Compute export (the "Against ncu export…" button, after its file dialog).
    void compareWithNcu(const QString& csvPath);

private:
    void fillRuns(const std::vector<model::RunRow>& runs);
    void showError(const QString& message);

    QString m_dbPath;
    qint64 m_currentRunId;
    model::ComparisonLoader* m_loader;
    views::ComparisonView* m_view;
    QComboBox* m_runA;
    QComboBox* m_runB;
    QPushButton* m_compare;
    QPushButton* m_ncu;
    QLabel* m_status;
};

} // namespace app
