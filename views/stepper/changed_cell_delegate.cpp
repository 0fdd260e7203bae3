#include "views/stepper/changed_cell_delegate.h"

#include "model/stepper/register_table_model.h"

#include <QPainter>

namespace views {

void ChangedCellDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    if (index.data(model::RegisterTableModel::ChangedRole).toBool())
        painter->fillRect(option.rect, changedColor());
    if (index.data(model::RegisterTableModel::LaneStateRole).toInt() != 0)
        opt.palette.setColor(QPalette::Text, option.palette.color(QPalette::Disabled, QPalette::Text));
    QStyledItemDelegate::paint(painter, opt, index);
}

} // namespace views
