#pragma once

#include "model/report/comparison_table.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QTableView;

namespace model {
class ComparisonTableModel;
}

namespace views {

/// Two runs (or measured and modeled counters) side by side, launch by launch, with differences and the
/// relative change; changes over 10 % are highlighted; "Only differences" hides equal rows.
class ComparisonView : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonView(QWidget* parent = nullptr);

    void setTable(model::ComparisonTable table);
    void setMessage(const QString& message); ///< instead of a table: "Loading…" or an error

    model::ComparisonTableModel* tableModel() const { return m_model; }
    QTableView* tableView() const { return m_table; }
    QCheckBox* onlyDifferencesBox() const { return m_onlyDifferences; }
    QString notesText() const;

private:
    model::ComparisonTableModel* m_model;
    QTableView* m_table;
    QCheckBox* m_onlyDifferences;
    QLabel* m_notes;
};

} // namespace views
