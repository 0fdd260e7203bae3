#pragma once

#include "model/report/comparison_table.h"

#include <QAbstractTableModel>

namespace model {

/// A comparison as a table: launch, metric, A, B, B − A and the relative change, like Nsight Compute's
/// baseline columns. Rows whose values differ by more than `highlightThreshold` (relative) answer true for
/// HighlightRole (the view colours them); "only differences" hides rows whose two sides are equal.
class ComparisonTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { LaunchColumn, MetricColumn, AColumn, BColumn, DifferenceColumn, ChangeColumn, ColumnCount };
    enum Role { HighlightRole = Qt::UserRole + 1 };

    explicit ComparisonTableModel(QObject* parent = nullptr);

    void setTable(ComparisonTable table);
    const ComparisonTable& table() const { return m_table; }
    void setOnlyDifferences(bool only);
    bool onlyDifferences() const { return m_onlyDifferences; }

    static constexpr double highlightThreshold = 0.10;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuildVisible();

    ComparisonTable m_table;
    QVector<int> m_visible; ///< rows of m_table shown, in order
    bool m_onlyDifferences = false;
};

} // namespace model
