#pragma once

#include <QSortFilterProxyModel>

namespace model {

/// Sorts a SourceModel by its numbers (SortRole) and filters it to the hot lines: a minimum heat, executed
/// lines only, and the usual text filter (filterRegularExpression on the text column). GUI thread.
class SourceFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit SourceFilterModel(QObject* parent = nullptr);

    /// Rows cooler than `heat` (0..1) are hidden; 0 shows every row.
    void setMinimumHeat(double heat);
    double minimumHeat() const { return m_minimumHeat; }
    /// Hides rows no warp executed (blank and comment lines, code never reached).
    void setExecutedOnly(bool executedOnly);
    bool executedOnly() const { return m_executedOnly; }
    /// Case-insensitive substring filter on the source text.
    void setTextFilter(const QString& text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    double m_minimumHeat = 0;
    bool m_executedOnly = false;
};

} // namespace model
