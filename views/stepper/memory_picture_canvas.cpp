#include "views/stepper/memory_picture_canvas.h"

#include <QPainter>

namespace views {

MemoryPictureCanvas::MemoryPictureCanvas(QWidget* parent)
    : QWidget(parent)
{
    setMinimumHeight(90); // lanes, lines and segments still read; the dock gives it more when it can
}

void MemoryPictureCanvas::setPicture(const model::MemoryPicture& picture)
{
    m_picture = picture;
    relayout();
}

void MemoryPictureCanvas::resizeEvent(QResizeEvent*) { relayout(); }

void MemoryPictureCanvas::relayout()
{
    m_layout = MemoryPictureLayout::compute(m_picture, QRectF(rect()).adjusted(4, 4, -4, -4));
    update();
}

void MemoryPictureCanvas::paintTargets(QPainter& painter) const
{
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.75);
    painter.setFont(small);
    for (const auto& box : m_layout.targets) {
        painter.setPen(box.conflict ? QPen(QColor(0xd0, 0x30, 0x30), 2) : QPen(palette().color(QPalette::Mid)));
        painter.setBrush(box.color);
        painter.drawRect(box.rect);
        painter.setPen(Qt::black);
        painter.drawText(box.rect, Qt::AlignCenter, box.label);
    }
}

void MemoryPictureCanvas::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    if (m_picture.space == model::MemoryPicture::Space::None) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("The warp has issued no memory instruction yet."));
        return;
    }
    for (const auto& link : m_layout.links) {
        QPen pen(link.color, link.conflict ? 2.0 : 1.2);
        pen.setStyle(link.broadcast ? Qt::DashLine : Qt::SolidLine);
        painter.setPen(pen);
        painter.drawLine(link.line);
    }
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.75);
    painter.setFont(small);
    for (int lane = 0; lane < m_layout.lanes.size(); ++lane) {
        painter.setPen(Qt::NoPen);
        painter.setBrush(m_layout.laneColors[lane]);
        painter.drawRect(m_layout.lanes[lane]);
        painter.setPen(Qt::black);
        painter.drawText(m_layout.lanes[lane], Qt::AlignCenter, QString::number(lane));
    }
    paintTargets(painter);
}

} // namespace views
