#include "model/report/comparison_table_model.h"

#include <QLocale>

#include <cmath>

namespace model {

namespace {

QString valueText(const std::optional<double>& value)
{
    if (!value)
        return QStringLiteral("—");
    if (*value == std::floor(*value) && std::abs(*value) < 1e15)
        return QLocale().toString(static_cast<qlonglong>(*value));
    return QLocale().toString(*value, 'g', 6);
}

QString changeText(const std::optional<double>& relative)
{
    if (!relative)
        return QStringLiteral("—");
    return QStringLiteral("%1%2 %").arg(*relative >= 0 ? QStringLiteral("+") : QString()).arg(*relative * 100.0, 0, 'f', 1);
}

} // namespace

ComparisonTableModel::ComparisonTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ComparisonTableModel::setTable(ComparisonTable table)
{
    beginResetModel();
    m_table = std::move(table);
    rebuildVisible();
    endResetModel();
}

void ComparisonTableModel::setOnlyDifferences(bool only)
{
    if (only == m_onlyDifferences)
        return;
    beginResetModel();
    m_onlyDifferences = only;
    rebuildVisible();
    endResetModel();
}

void ComparisonTableModel::rebuildVisible()
{
    m_visible.clear();
    for (int i = 0; i < m_table.rows.size(); ++i) {
        const auto& row = m_table.rows[i];
        const auto difference = row.difference();
        if (m_onlyDifferences && difference && *difference == 0.0)
            continue;
        m_visible.push_back(i);
    }
}

int ComparisonTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_visible.size());
}

int ComparisonTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ComparisonTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_visible.size())
        return {};
    const auto& row = m_table.rows[m_visible[index.row()]];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case LaunchColumn:
            return row.launch;
        case MetricColumn:
            return row.label;
        case AColumn:
            return valueText(row.a);
        case BColumn:
            return valueText(row.b);
        case DifferenceColumn:
            return valueText(row.difference());
        case ChangeColumn:
            return changeText(row.relative());
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == MetricColumn)
        return row.metric;
    if (role == Qt::TextAlignmentRole && index.column() >= AColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == HighlightRole) {
        const auto relative = row.relative();
        return relative && std::abs(*relative) > highlightThreshold;
    }
    return {};
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case LaunchColumn:
        return tr("Launch");
    case MetricColumn:
        return tr("Metric");
    case AColumn:
        return m_table.titleA.isEmpty() ? tr("A") : m_table.titleA;
    case BColumn:
        return m_table.titleB.isEmpty() ? tr("B") : m_table.titleB;
    case DifferenceColumn:
        return tr("Difference");
    case ChangeColumn:
        return tr("Change");
    default:
        return {};
    }
}

} // namespace model
