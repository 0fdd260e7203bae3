#pragma once

#include "views/source/heat_scale.h"

#include <QStyledItemDelegate>

namespace views {

/// Tints every cell of a Source view row with the row's heat (SourceModel::HeatRole) through HeatScale,
/// and draws the Heat column as a bar. GUI thread.
class HeatDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit HeatDelegate(int heatColumn, QObject* parent = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    int m_heatColumn;
    HeatScale m_scale;
};

} // namespace views
