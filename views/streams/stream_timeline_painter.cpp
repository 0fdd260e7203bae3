#include "views/streams/stream_timeline_painter.h"

#include <QPainter>

namespace views {

QColor StreamTimelinePainter::barColor(model::TimelineOpKind kind)
{
    switch (kind) {
    case model::TimelineOpKind::Kernel:
        return QColor(0x3d, 0x7e, 0xc9);
    case model::TimelineOpKind::MemcpyHostToDevice:
        return QColor(0x3f, 0xa3, 0x5b);
    case model::TimelineOpKind::MemcpyDeviceToHost:
        return QColor(0xe0, 0x8a, 0x2c);
    case model::TimelineOpKind::MemcpyDeviceToDevice:
        return QColor(0x8e, 0x5c, 0xc2);
    case model::TimelineOpKind::MemcpyHostToHost:
    case model::TimelineOpKind::Memset:
        return QColor(0x88, 0x88, 0x88);
    }
    return Qt::gray;
}

void StreamTimelinePainter::paintRows(const StreamLayout& layout)
{
    const QColor text = m_palette.color(QPalette::Text);
    QColor band = m_palette.color(QPalette::AlternateBase);
    for (int row = 0; row < layout.rows.size(); ++row) {
        const double top = layout.rowTop(row);
        m_painter.fillRect(QRectF(m_area.left(), top, m_area.width(), StreamLayout::rowHeight), band);
        m_painter.setPen(text);
        QFont font = m_painter.font();
        font.setBold(layout.rows[row].kind == StreamRow::Kind::Engine);
        m_painter.setFont(font);
        m_painter.drawText(QRectF(m_area.left() + 8, top, m_labelWidth - 12, StreamLayout::rowHeight),
            Qt::AlignVCenter | Qt::AlignLeft, layout.rows[row].label);
    }
    m_painter.setFont(QFont());
}

void StreamTimelinePainter::paintTicks(const TimeAxis& axis, double height)
{
    const double width = m_area.right() - axis.leftPx;
    QColor grid = m_palette.color(QPalette::Mid);
    grid.setAlphaF(0.5f);
    m_painter.save();
    m_painter.setClipRect(QRectF(axis.leftPx, m_area.top(), width, height));
    for (const double t : axis.ticks(width, 90)) {
        const double x = axis.toPixel(t);
        m_painter.setPen(grid);
        m_painter.drawLine(QPointF(x, StreamLayout::rulerHeight - 6), QPointF(x, height));
        m_painter.setPen(m_palette.color(QPalette::Text));
        m_painter.drawText(QRectF(x + 3, m_area.top(), 90, StreamLayout::rulerHeight - 6),
            Qt::AlignLeft | Qt::AlignVCenter, formatMicroseconds(t));
    }
    m_painter.restore();
    m_painter.setPen(m_palette.color(QPalette::Mid));
    m_painter.drawLine(QPointF(m_area.left(), StreamLayout::rulerHeight), QPointF(m_area.right(), StreamLayout::rulerHeight));
}

void StreamTimelinePainter::paintBars(
    const StreamLayout& layout, const TimeAxis& axis, const QVector<model::TimelineBar>& timeline)
{
    m_painter.save();
    m_painter.setClipRect(QRectF(axis.leftPx, m_area.top(), m_area.right() - axis.leftPx, m_area.height()));
    for (int row = 0; row < layout.rows.size(); ++row) {
        for (const int index : layout.rows[row].bars)
            paintBar(layout.barRect(axis, row, timeline[index]), timeline[index]);
    }
    m_painter.restore();
}

void StreamTimelinePainter::paintBar(const QRectF& rect, const model::TimelineBar& bar)
{
    if (rect.right() < m_area.left() || rect.left() > m_area.right())
        return;
    const QColor fill = barColor(bar.kind);
    m_painter.setPen(QPen(fill.darker(140), 1));
    m_painter.setBrush(fill);
    m_painter.drawRect(rect);
    const QRectF textRect = rect.adjusted(4, 0, -3, 0).intersected(m_area.adjusted(m_labelWidth, 0, 0, 0));
    if (textRect.width() < 24)
        return;
    m_painter.setPen(Qt::white);
    const QString text = m_painter.fontMetrics().elidedText(bar.name, Qt::ElideRight, static_cast<int>(textRect.width()));
    m_painter.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft, text);
}

void StreamTimelinePainter::paintRuler(const TimeAxis& axis, const QVector<double>& points, const QString& text)
{
    if (points.isEmpty())
        return;
    const QColor color(0xd9, 0x48, 0x0f);
    const double x0 = axis.toPixel(points.front());
    const double x1 = axis.toPixel(points.back());
    m_painter.save();
    m_painter.setClipRect(QRectF(axis.leftPx, m_area.top(), m_area.right() - axis.leftPx, m_area.height()));
    QColor band = color;
    band.setAlphaF(0.12f);
    m_painter.fillRect(QRectF(QPointF(std::min(x0, x1), m_area.top()), QPointF(std::max(x0, x1), m_area.bottom())), band);
    m_painter.setPen(QPen(color, 1.5, Qt::DashLine));
    for (const double x : { x0, x1 })
        m_painter.drawLine(QPointF(x, m_area.top()), QPointF(x, m_area.bottom()));
    if (!text.isEmpty()) {
        QFont font = m_painter.font();
        font.setBold(true);
        m_painter.setFont(font);
        const QRectF box(std::min(x0, x1) + 4, m_area.bottom() - 24, m_painter.fontMetrics().horizontalAdvance(text) + 10, 20);
        m_painter.fillRect(box, m_palette.color(QPalette::Base));
        m_painter.setPen(color);
        m_painter.drawText(box, Qt::AlignCenter, text);
    }
    m_painter.restore();
}

} // namespace views
