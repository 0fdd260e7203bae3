#pragma once

#include <QStyledItemDelegate>

namespace views {

/// Paints register and watch cells: changed values (RegisterTableModel::ChangedRole) on a highlight
/// background, lanes that are inactive or exited greyed out. GUI thread.
class ChangedCellDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    /// The background of a changed value.
    static QColor changedColor() { return { 0xff, 0xe0, 0x70 }; }

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace views
