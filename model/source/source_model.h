#pragma once

#include "model/source/source_snapshot.h"

#include <QAbstractTableModel>

#include <memory>

namespace model {

/// One side of the Source view as a table: the CUDA lines or the PTX instructions of a SourceSnapshot,
/// with their counters. The snapshot is swapped in whole (beginResetModel/endResetModel); data() only
/// reads it. Lives on the GUI thread.
class SourceModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Side { Cuda, Ptx };
    enum Column {
        LineColumn,
        HeatColumn, ///< next to the line number, so the hot lines show at a glance however wide the table
        ExecutionsColumn,
        GlobalRequestsColumn,
        SectorsPerRequestColumn,
        TransactionsPerRequestColumn,
        WavefrontsPerRequestColumn,
        DivergentColumn,
        TextColumn, ///< last: in a narrow pane the counters stay in sight and the text scrolls
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, ///< a number for counter columns, the text otherwise
        HeatRole, ///< double 0..1
        LinkedRowsRole, ///< QList<int>: rows of the other side
        PcRole, ///< PTX rows: the instruction's PC; CUDA rows: -1
    };

    explicit SourceModel(Side side, QObject* parent = nullptr);

    void setSnapshot(std::shared_ptr<const SourceSnapshot> snapshot);
    const std::shared_ptr<const SourceSnapshot>& snapshot() const { return m_snapshot; }
    Side side() const { return m_side; }
    /// The row showing 1-based `line`, or -1.
    int rowOfLine(int line) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const QVector<SourceRow>* rows() const;
    static QVariant displayValue(const SourceRow& row, int column);
    static QVariant sortValue(const SourceRow& row, int column);

    Side m_side;
    std::shared_ptr<const SourceSnapshot> m_snapshot;
};

} // namespace model
