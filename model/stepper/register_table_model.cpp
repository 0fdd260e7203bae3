#include "model/stepper/register_table_model.h"

namespace model {

namespace {

constexpr int kLanes = 32;

} // namespace

RegisterTableModel::RegisterTableModel(Rows rows, QObject* parent)
    : QAbstractTableModel(parent)
    , m_rows(rows)
{
}

void RegisterTableModel::setSnapshot(std::shared_ptr<const StepSnapshot> snapshot)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    endResetModel();
}

int RegisterTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_snapshot)
        return 0;
    return static_cast<int>(m_rows == Rows::Registers ? m_snapshot->registers.size() : m_snapshot->watches.size());
}

int RegisterTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kLanes; }

int RegisterTableModel::laneState(int lane) const
{
    const quint32 bit = 1u << lane;
    if ((m_snapshot->validMask & bit) == 0)
        return 3;
    if ((m_snapshot->exitedMask & bit) != 0)
        return 2;
    return (m_snapshot->activeMask & bit) != 0 ? 0 : 1;
}

QVariant RegisterTableModel::cell(int row, int lane, int role) const
{
    const bool registers = m_rows == Rows::Registers;
    const WatchRow* watch = registers ? nullptr : &m_snapshot->watches[row];
    const RegisterRow* reg = registers ? &m_snapshot->registers[row] : nullptr;
    const ValueKind kind = reg ? reg->kind : watch->kind;
    const int bits = reg ? reg->bits : watch->bits;
    const quint64 value = reg ? reg->values[lane] : watch->values[lane];
    const quint32 changed = reg ? reg->changedMask : watch->changedMask;
    switch (role) {
    case Qt::DisplayRole:
        if (watch && !watch->error.isEmpty())
            return lane == 0 ? watch->error : QVariant();
        return formatValue(kind, bits, value);
    case ChangedRole: return ((changed >> lane) & 1u) != 0;
    case LaneStateRole: return laneState(lane);
    case Qt::TextAlignmentRole: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole: return reg && lane < reg->fragment.size() ? QVariant(reg->fragment[lane]) : QVariant();
    default: return {};
    }
}

QVariant RegisterTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_snapshot || !index.isValid() || index.row() >= rowCount())
        return {};
    return cell(index.row(), index.column(), role);
}

QVariant RegisterTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Horizontal)
        return tr("lane %1").arg(section);
    if (!m_snapshot || section >= rowCount())
        return {};
    return m_rows == Rows::Registers ? m_snapshot->registers[section].name : m_snapshot->watches[section].expression;
}

} // namespace model
