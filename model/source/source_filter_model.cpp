#include "model/source/source_filter_model.h"

#include "model/source/source_model.h"

namespace model {

SourceFilterModel::SourceFilterModel(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(SourceModel::SortRole);
    setFilterKeyColumn(SourceModel::TextColumn);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void SourceFilterModel::setMinimumHeat(double heat)
{
    m_minimumHeat = heat;
    invalidateFilter();
}

void SourceFilterModel::setExecutedOnly(bool executedOnly)
{
    m_executedOnly = executedOnly;
    invalidateFilter();
}

void SourceFilterModel::setTextFilter(const QString& text)
{
    setFilterFixedString(text);
}

bool SourceFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex executions = sourceModel()->index(sourceRow, SourceModel::ExecutionsColumn, sourceParent);
    const QModelIndex heat = sourceModel()->index(sourceRow, SourceModel::HeatColumn, sourceParent);
    if (m_executedOnly && executions.data(SourceModel::SortRole).toULongLong() == 0)
        return false;
    if (m_minimumHeat > 0 && heat.data(SourceModel::HeatRole).toDouble() < m_minimumHeat)
        return false;
    return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

} // namespace model
