#include "views/streams/range_band.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace views {

void RangeBand::moveTo(double x)
{
    if (m_drag)
        m_drag->second = x;
}

std::optional<RangeBand::Interval> RangeBand::finish(const TimeAxis& axis)
{
    if (!m_drag)
        return std::nullopt;
    const auto [a, b] = *m_drag;
    m_drag.reset();
    if (std::abs(b - a) < minimumWidthPx)
        return std::nullopt;
    const double from = axis.toTime(std::min(a, b));
    const double to = axis.toTime(std::max(a, b));
    return Interval { from, to };
}

void RangeBand::paint(QPainter& painter, const TimeAxis& axis, const QRectF& timeArea, const QPalette& palette) const
{
    painter.save();
    painter.setClipRect(timeArea);
    painter.setPen(Qt::NoPen);
    if (m_selected) {
        QColor dim = palette.color(QPalette::Window);
        dim.setAlpha(170);
        const double left = axis.toPixel(m_selected->first);
        const double right = axis.toPixel(m_selected->second);
        painter.fillRect(QRectF(timeArea.left(), timeArea.top(), std::max(0.0, left - timeArea.left()), timeArea.height()), dim);
        painter.fillRect(QRectF(right, timeArea.top(), std::max(0.0, timeArea.right() - right), timeArea.height()), dim);
        QPen edge(palette.color(QPalette::Highlight), 1, Qt::DashLine);
        painter.setPen(edge);
        painter.drawLine(QPointF(left, timeArea.top()), QPointF(left, timeArea.bottom()));
        painter.drawLine(QPointF(right, timeArea.top()), QPointF(right, timeArea.bottom()));
        painter.setPen(Qt::NoPen);
    }
    if (m_drag) {
        QColor band = palette.color(QPalette::Highlight);
        band.setAlpha(70);
        const double a = std::min(m_drag->first, m_drag->second);
        const double b = std::max(m_drag->first, m_drag->second);
        painter.fillRect(QRectF(a, timeArea.top(), b - a, timeArea.height()), band);
    }
    painter.restore();
}

} // namespace views
