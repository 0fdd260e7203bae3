#include "model/source/source_model.h"

namespace model {

namespace {

QString ratio(double value, bool any)
{
    return any ? QString::number(value, 'f', 2) : QString();
}

QString count(quint64 value)
{
    return value == 0 ? QString() : QString::number(value);
}

} // namespace

SourceModel::SourceModel(Side side, QObject* parent)
    : QAbstractTableModel(parent)
    , m_side(side)
{
}

void SourceModel::setSnapshot(std::shared_ptr<const SourceSnapshot> snapshot)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    endResetModel();
}

const QVector<SourceRow>* SourceModel::rows() const
{
    if (!m_snapshot)
        return nullptr;
    return m_side == Side::Cuda ? &m_snapshot->cudaRows : &m_snapshot->ptxRows;
}

int SourceModel::rowOfLine(int line) const
{
    const auto* all = rows();
    for (qsizetype i = 0; all && i < all->size(); ++i) {
        if ((*all)[i].line == line)
            return static_cast<int>(i);
    }
    return -1;
}

int SourceModel::rowCount(const QModelIndex& parent) const
{
    const auto* all = rows();
    return parent.isValid() || !all ? 0 : static_cast<int>(all->size());
}

int SourceModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SourceModel::displayValue(const SourceRow& row, int column)
{
    const auto& c = row.counters;
    switch (column) {
    case LineColumn: return row.line > 0 ? QVariant(row.line) : QVariant();
    case TextColumn: return row.text;
    case ExecutionsColumn: return count(c.warpExecutions);
    case GlobalRequestsColumn: return count(c.globalRequests);
    case SectorsPerRequestColumn: return ratio(c.sectorsPerRequest(), c.globalRequests > 0);
    case TransactionsPerRequestColumn: return ratio(c.transactionsPerRequest(), c.globalRequests > 0);
    case WavefrontsPerRequestColumn: return ratio(c.wavefrontsPerRequest(), c.sharedRequests > 0);
    case DivergentColumn: return count(c.divergentBranches);
    case HeatColumn: return c.heat > 0 ? QString::number(c.heat * 100, 'f', 0) + u'%' : QString();
    default: return {};
    }
}

QVariant SourceModel::sortValue(const SourceRow& row, int column)
{
    const auto& c = row.counters;
    switch (column) {
    case LineColumn: return row.line;
    case TextColumn: return row.text;
    case ExecutionsColumn: return c.warpExecutions;
    case GlobalRequestsColumn: return c.globalRequests;
    case SectorsPerRequestColumn: return c.sectorsPerRequest();
    case TransactionsPerRequestColumn: return c.transactionsPerRequest();
    case WavefrontsPerRequestColumn: return c.wavefrontsPerRequest();
    case DivergentColumn: return c.divergentBranches;
    case HeatColumn: return c.heat;
    default: return {};
    }
}

QVariant SourceModel::data(const QModelIndex& index, int role) const
{
    const auto* all = rows();
    if (!all || !index.isValid() || index.row() >= all->size())
        return {};
    const SourceRow& row = (*all)[index.row()];
    switch (role) {
    case Qt::DisplayRole: return displayValue(row, index.column());
    case SortRole: return sortValue(row, index.column());
    case HeatRole: return row.counters.heat;
    case LinkedRowsRole: return QVariant::fromValue(QList<int>(row.linked.begin(), row.linked.end()));
    case PcRole: return row.pc;
    case Qt::TextAlignmentRole:
        return index.column() == TextColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant SourceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case ExecutionsColumn: return tr("Executions: warp-level instructions the line issued");
        case GlobalRequestsColumn: return tr("Global memory requests (warp-level loads and stores)");
        case SectorsPerRequestColumn: return tr("32-byte sectors per global request");
        case TransactionsPerRequestColumn:
            return tr("Transactions per global request, in the generation's unit (segments on CC 1.x, 128-byte lines "
                      "when L1 caches on CC 2.x, 32-byte sectors otherwise)");
        case WavefrontsPerRequestColumn: return tr("Shared-memory wavefronts per request: 1 is conflict-free");
        case DivergentColumn: return tr("Divergent branches");
        case HeatColumn: return tr("Cost (issues + transactions + wavefronts) against the hottest line's");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    // Short titles, so the counters fit beside the text in a pane; the tool tips say them in full.
    switch (section) {
    case LineColumn: return tr("Line");
    case TextColumn: return m_side == Side::Cuda ? tr("CUDA source") : tr("PTX");
    case ExecutionsColumn: return tr("Exec");
    case GlobalRequestsColumn: return tr("Req");
    case SectorsPerRequestColumn: return tr("Sect/req");
    case TransactionsPerRequestColumn: return tr("Trans/req");
    case WavefrontsPerRequestColumn: return tr("Wf/req");
    case DivergentColumn: return tr("Div");
    case HeatColumn: return tr("Heat");
    default: return {};
    }
}

} // namespace model
