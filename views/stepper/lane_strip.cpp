#include "views/stepper/lane_strip.h"

#include "views/stepper/lane_strip_layout.h"

#include <QMouseEvent>
#include <QPainter>

namespace views {

LaneStrip::LaneStrip(QWidget* parent)
    : QWidget(parent)
{
    setMinimumHeight(34);
    setToolTip(tr("Lanes of the selected warp: green active, amber inactive (diverged), grey exited"));
}

QSize LaneStrip::sizeHint() const { return { 640, 38 }; }

void LaneStrip::setMasks(quint32 valid, quint32 active, quint32 exited)
{
    m_valid = valid;
    m_active = active;
    m_exited = exited;
    update();
}

void LaneStrip::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const LaneStripLayout layout { QRectF(rect()).adjusted(1, 1, -1, -1) };
    QFont font = painter.font();
    font.setPointSizeF(font.pointSizeF() * 0.8);
    painter.setFont(font);
    for (int lane = 0; lane < LaneStripLayout::kLanes; ++lane) {
        const QRectF cell = layout.laneRect(lane);
        const auto state = LaneStripLayout::stateOf(lane, m_valid, m_active, m_exited);
        painter.setPen(lane == m_selected ? QPen(palette().color(QPalette::Highlight), 2) : QPen(Qt::NoPen));
        painter.setBrush(LaneStripLayout::colorOf(state));
        painter.drawRoundedRect(cell, 3, 3);
        painter.setPen(state == LaneState::Absent ? Qt::gray : Qt::white);
        painter.drawText(cell, Qt::AlignCenter, QString::number(lane));
    }
}

void LaneStrip::mousePressEvent(QMouseEvent* event)
{
    const LaneStripLayout layout { QRectF(rect()).adjusted(1, 1, -1, -1) };
    const int lane = layout.laneAt(event->position());
    if (lane < 0)
        return;
    m_selected = lane;
    update();
    Q_EMIT laneSelected(lane);
}

} // namespace views
