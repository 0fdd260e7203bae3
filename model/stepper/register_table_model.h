#pragma once

#include "model/stepper/step_snapshot.h"

#include <QAbstractTableModel>

#include <memory>

namespace model {

/// The selected warp's registers (or watches) as a table: one row each, one column per lane, values
/// formatted by their PTX type. The snapshot is swapped in whole; data() only reads it. GUI thread.
class RegisterTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Rows { Registers, Watches };
    enum Role {
        ChangedRole = Qt::UserRole + 1, ///< bool: the lane's value changed since the previous step
        LaneStateRole, ///< int: 0 active, 1 inactive, 2 exited, 3 no such lane
    };

    explicit RegisterTableModel(Rows rows, QObject* parent = nullptr);

    void setSnapshot(std::shared_ptr<const StepSnapshot> snapshot);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant cell(int row, int lane, int role) const;
    int laneState(int lane) const;

    Rows m_rows;
    std::shared_ptr<const StepSnapshot> m_snapshot;
};

} // namespace model
