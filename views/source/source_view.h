#pragma once

#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QLineEdit;
class QSlider;
class QSplitter;
class QTableView;

namespace model {
class SourceFilterModel;
class SourceSession;
struct SourceSnapshot;
}

namespace views {

/// The Source view: the CUDA source and the kernel's PTX side by side (one above the other when the view is
/// narrower than `sideBySideWidth`, so the counters stay readable), each line with its executions,
/// global requests, sectors and transactions per request, shared wavefronts per request, divergent
/// branches and a heat colour. Selecting a line on one side selects the lines `.loc` links it to on the
/// other. Both tables sort by any column; a filter box, a minimum heat and "executed only" find the hot
/// lines. Reads a model::SourceSession's two models. GUI thread.
class SourceView : public QWidget {
    Q_OBJECT
public:
    explicit SourceView(model::SourceSession* session, QWidget* parent = nullptr);

    /// Narrower than this, the CUDA table sits above the PTX table instead of beside it.
    static constexpr int sideBySideWidth = 1100;

    QTableView* cudaTable() const { return m_cudaTable; }
    QTableView* ptxTable() const { return m_ptxTable; }
    model::SourceFilterModel* cudaFilter() const { return m_cudaFilter; }
    model::SourceFilterModel* ptxFilter() const { return m_ptxFilter; }
    QLabel* titleLabel() const { return m_title; }
    Qt::Orientation tablesOrientation() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

Q_SIGNALS:
    /// A PTX instruction was selected (to move the stepper's cursor there).
    void ptxPcSelected(int pc);

private:
    QWidget* makeFilterBar();
    QTableView* makeTable(model::SourceFilterModel* filter);
    void setupConnections();
    void showSnapshot(const std::shared_ptr<const model::SourceSnapshot>& snapshot);
    void linkSelection(QTableView* from, QTableView* to);
    void applyFilters();

    model::SourceSession* m_session = nullptr;
    model::SourceFilterModel* m_cudaFilter = nullptr;
    model::SourceFilterModel* m_ptxFilter = nullptr;
    QTableView* m_cudaTable = nullptr;
    QTableView* m_ptxTable = nullptr;
    QSplitter* m_tables = nullptr;
    QLabel* m_title = nullptr;
    QLineEdit* m_text = nullptr;
    QSlider* m_minimumHeat = nullptr;
    QCheckBox* m_executedOnly = nullptr;
    bool m_linking = false; ///< true while one table's selection is being mirrored into the other
};

} // namespace views
