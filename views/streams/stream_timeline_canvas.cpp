#include "views/streams/stream_timeline_canvas.h"

#include "views/streams/stream_timeline_painter.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace views {

namespace {

constexpr double dragThresholdPx = 4;
constexpr double wheelZoomPerNotch = 1.25;

} // namespace

StreamTimelineCanvas::StreamTimelineCanvas(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("streamTimeline"));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    setMinimumHeight(120);
    m_axis.leftPx = labelWidth;
}

void StreamTimelineCanvas::setSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot)
{
    m_snapshot = std::move(snapshot);
    m_layout = m_snapshot ? StreamLayout::build(m_snapshot->timeline) : StreamLayout {};
    m_ruler.clear();
    setMinimumHeight(static_cast<int>(m_layout.height()) + 30);
    fitAll();
    Q_EMIT rulerChanged(QString());
}

void StreamTimelineCanvas::fitAll()
{
    m_axis.leftPx = labelWidth;
    m_axis.fit(0, std::max(m_fitSpanUs, m_snapshot ? m_snapshot->totalTimeUs : 1.0), timeWidth());
    m_fitted = true;
    update();
    Q_EMIT axisChanged(m_axis);
}

void StreamTimelineCanvas::setFitSpan(double spanUs)
{
    m_fitSpanUs = spanUs;
    if (m_fitted)
        fitAll();
}

void StreamTimelineCanvas::setAxis(const TimeAxis& axis)
{
    if (axis.startUs == m_axis.startUs && axis.usPerPixel == m_axis.usPerPixel)
        return;
    m_axis.startUs = axis.startUs;
    m_axis.usPerPixel = axis.usPerPixel;
    m_fitted = false;
    update();
}

void StreamTimelineCanvas::clearRuler()
{
    m_ruler.clear();
    Q_EMIT rulerChanged(QString());
    update();
}

QString StreamTimelineCanvas::rulerText() const
{
    if (m_ruler.size() < 2)
        return {};
    return tr("Δ %1").arg(formatMicroseconds(std::abs(m_ruler.back() - m_ruler.front())));
}

QString StreamTimelineCanvas::detailsAt(QPointF point) const
{
    if (!m_snapshot || point.x() < labelWidth)
        return {};
    const int bar = m_layout.barAt(m_axis, m_snapshot->timeline, point);
    return bar < 0 ? QString() : barDetails(m_snapshot->timeline[bar]);
}

QSize StreamTimelineCanvas::sizeHint() const
{
    return { 900, static_cast<int>(m_layout.height()) + 30 };
}

void StreamTimelineCanvas::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, false);
    StreamTimelinePainter paint(painter, palette(), QRectF(rect()), labelWidth);
    paint.paintRows(m_layout);
    paint.paintTicks(m_axis, height());
    if (m_snapshot)
        paint.paintBars(m_layout, m_axis, m_snapshot->timeline);
    paint.paintRuler(m_axis, m_ruler, rulerText());
    m_band.paint(painter, m_axis, QRectF(labelWidth, 0, timeWidth(), height()), palette());
    if (!m_snapshot || m_snapshot->timeline.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("Run a scenario (Run ▸ Run, F5) to see its streams and engines."));
    }
}

void StreamTimelineCanvas::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (m_fitted)
        fitAll();
}

void StreamTimelineCanvas::wheelEvent(QWheelEvent* event)
{
    const double notches = event->angleDelta().y() / 120.0;
    if (notches == 0)
        return;
    m_axis.zoom(std::pow(wheelZoomPerNotch, notches), std::max(event->position().x(), labelWidth));
    m_fitted = false;
    update();
    Q_EMIT axisChanged(m_axis);
    event->accept();
}

void StreamTimelineCanvas::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    if ((event->modifiers() & Qt::ShiftModifier) && event->position().x() >= labelWidth) {
        m_band.begin(event->position().x());
        return;
    }
    m_pressAt = event->position();
    m_lastDragAt = event->position();
    m_dragging = false;
}

void StreamTimelineCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (m_band.dragging()) {
        m_band.moveTo(std::max(event->position().x(), labelWidth));
        update();
        return;
    }
    if (m_pressAt && (event->buttons() & Qt::LeftButton)) {
        if ((event->position() - *m_pressAt).manhattanLength() > dragThresholdPx)
            m_dragging = true;
        if (m_dragging) {
            m_axis.pan(event->position().x() - m_lastDragAt.x());
            m_lastDragAt = event->position();
            m_fitted = false;
            setCursor(Qt::ClosedHandCursor);
            update();
            Q_EMIT axisChanged(m_axis);
        }
        return;
    }
    const auto details = detailsAt(event->position());
    if (details.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), details, this);
}

void StreamTimelineCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_band.dragging()) {
        const auto range = m_band.finish(m_axis);
        update();
        if (range)
            Q_EMIT rangeSelected(range->first, range->second);
        return;
    }
    if (event->button() != Qt::LeftButton || !m_pressAt)
        return;
    if (!m_dragging && event->position().x() >= labelWidth)
        addRulerPoint(m_axis.toTime(event->position().x()));
    m_pressAt.reset();
    m_dragging = false;
    unsetCursor();
}

void StreamTimelineCanvas::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape && m_band.dragging()) {
        m_band.cancel();
        update();
        return;
    }
    if (event->key() == Qt::Key_Escape && !m_ruler.isEmpty()) {
        clearRuler();
        return;
    }
    QWidget::keyPressEvent(event);
}

void StreamTimelineCanvas::setSelectedRange(std::optional<std::pair<double, double>> rangeUs)
{
    m_band.setSelected(rangeUs);
    if (!rangeUs) {
        fitAll();
    } else {
        m_axis.leftPx = labelWidth;
        m_axis.fit(rangeUs->first, rangeUs->second, timeWidth());
        m_fitted = false;
        Q_EMIT axisChanged(m_axis);
    }
    update();
}

void StreamTimelineCanvas::addRulerPoint(double us)
{
    if (m_ruler.size() >= 2)
        m_ruler.clear();
    m_ruler.push_back(us);
    Q_EMIT rulerChanged(rulerText());
    update();
}

} // namespace views
