#include "views/source/heat_delegate.h"

#include "model/source/source_model.h"

#include <QPainter>

namespace views {

HeatDelegate::HeatDelegate(int heatColumn, QObject* parent)
    : QStyledItemDelegate(parent)
    , m_heatColumn(heatColumn)
{
}

void HeatDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const double heat = index.data(model::SourceModel::HeatRole).toDouble();
    if (heat > 0 && !(option.state & QStyle::State_Selected)) {
        HeatScale scale = m_scale;
        scale.base = option.palette.color(QPalette::Base);
        if (index.column() == m_heatColumn) {
            QRectF bar = option.rect.adjusted(2, 3, -2, -3);
            bar.setWidth(bar.width() * heat);
            painter->fillRect(bar, scale.colorAt(1.0));
        } else {
            painter->fillRect(option.rect, scale.colorAt(heat * 0.6));
        }
    }
    QStyledItemDelegate::paint(painter, option, index);
}

} // namespace views
