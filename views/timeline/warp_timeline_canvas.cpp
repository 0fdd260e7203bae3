#include "views/timeline/warp_timeline_canvas.h"

#include "views/timeline/warp_state_colors.h"

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace views {

namespace {

constexpr double kWheelZoomPerNotch = 1.25;

QString cyclesText(double cycles) { return QString::number(static_cast<qulonglong>(std::llround(std::max(0.0, cycles)))); }

} // namespace

WarpTimelineCanvas::WarpTimelineCanvas(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("warpTimeline"));
    setMouseTracking(true);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    setMinimumHeight(120);
    m_axis.leftPx = labelWidth;
}

QSize WarpTimelineCanvas::sizeHint() const
{
    return { 800, static_cast<int>(rulerHeight + rowHeight * static_cast<double>(std::max<std::size_t>(m_rows.size(), 4)) + 8) };
}

void WarpTimelineCanvas::setSlice(std::shared_ptr<const model::TimelineSlice> slice)
{
    const bool newLaunch = !m_slice || !slice || slice->launchId != m_slice->launchId || slice->runId != m_slice->runId;
    m_slice = std::move(slice);
    buildRows();
    setMinimumHeight(static_cast<int>(rulerHeight + rowHeight * static_cast<double>(m_rows.size()) + 8));
    if (newLaunch)
        fitAll();
    update();
}

void WarpTimelineCanvas::buildRows()
{
    m_rows.clear();
    if (!m_slice)
        return;
    const auto& w = m_slice->window;
    if (w.aggregated) {
        for (const auto& bucket : w.buckets)
            if (m_rows.empty() || m_rows.back().sm != bucket.sm.value)
                m_rows.push_back(Row { bucket.sm.value, 0, 0 });
        return;
    }
    for (const auto& interval : w.intervals)
        m_rows.push_back(Row { interval.sm.value, interval.block.value, interval.warp.value });
    std::sort(m_rows.begin(), m_rows.end(), [](const Row& a, const Row& b) {
        return std::tie(a.sm, a.block, a.warp) < std::tie(b.sm, b.block, b.warp);
    });
    m_rows.erase(std::unique(m_rows.begin(), m_rows.end(),
                     [](const Row& a, const Row& b) { return a.sm == b.sm && a.block == b.block && a.warp == b.warp; }),
        m_rows.end());
}

int WarpTimelineCanvas::rowOf(const Row& key) const
{
    const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), key, [](const Row& a, const Row& b) {
        return std::tie(a.sm, a.block, a.warp) < std::tie(b.sm, b.block, b.warp);
    });
    return it == m_rows.end() ? -1 : static_cast<int>(it - m_rows.begin());
}

QString WarpTimelineCanvas::rowLabel(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    const auto& r = m_rows[static_cast<std::size_t>(row)];
    if (m_slice && m_slice->window.aggregated)
        return tr("SM %1 (all warps)").arg(r.sm);
    return tr("SM %1 · block %2 · warp %3").arg(r.sm).arg(r.block).arg(r.warp);
}

void WarpTimelineCanvas::fitAll()
{
    m_axis.leftPx = labelWidth;
    m_axis.fit(0, m_slice ? static_cast<double>(std::max<std::uint64_t>(m_slice->lastCycle, 1)) : 1.0, timeWidth());
    m_fitted = true;
    update();
}

void WarpTimelineCanvas::fitAndRequest()
{
    fitAll();
    requestVisible();
}

void WarpTimelineCanvas::requestVisible()
{
    if (!m_slice)
        return;
    const double from = std::max(0.0, m_axis.toTime(labelWidth));
    const double to = std::min(static_cast<double>(m_slice->lastCycle), m_axis.toTime(width()));
    if (to > from)
        Q_EMIT windowRequested(static_cast<quint64>(from), static_cast<quint64>(std::ceil(to)),
            static_cast<quint32>(std::max(1.0, timeWidth())));
}

void WarpTimelineCanvas::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (m_fitted)
        fitAll();
}

void WarpTimelineCanvas::wheelEvent(QWheelEvent* event)
{
    const double notches = event->angleDelta().y() / 120.0;
    if (notches == 0)
        return;
    m_axis.zoom(std::pow(kWheelZoomPerNotch, notches), std::max(event->position().x(), labelWidth));
    m_fitted = false;
    update();
    requestVisible();
    event->accept();
}

void WarpTimelineCanvas::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton)
        m_dragFrom = event->position();
}

void WarpTimelineCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragFrom && (event->buttons() & Qt::LeftButton)) {
        m_axis.pan(event->position().x() - m_dragFrom->x());
        m_dragFrom = event->position();
        m_fitted = false;
        update();
        return;
    }
    const auto text = detailsAt(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void WarpTimelineCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_dragFrom) {
        m_dragFrom.reset();
        requestVisible();
    }
}

QString WarpTimelineCanvas::detailsAt(QPointF point) const
{
    if (!m_slice || point.x() < labelWidth || point.y() < rulerHeight)
        return {};
    const int row = static_cast<int>((point.y() - rulerHeight) / rowHeight);
    if (row < 0 || row >= rowCount())
        return {};
    const double cycle = m_axis.toTime(point.x());
    const double mhz = m_slice->clockMhz;
    const auto& r = m_rows[static_cast<std::size_t>(row)];
    const auto& w = m_slice->window;
    if (!w.aggregated) {
        for (const auto& interval : w.intervals) {
            if (interval.sm.value != r.sm || interval.block.value != r.block || interval.warp.value != r.warp)
                continue;
            if (cycle < static_cast<double>(interval.startCycle) || cycle >= static_cast<double>(interval.endCycle))
                continue;
            const auto cycles = static_cast<double>(interval.endCycle - interval.startCycle);
            return tr("%1\n%2: cycles %3 – %4 (%5 cycles, %6 µs)")
                .arg(rowLabel(row), QString::fromUtf8(engine::toString(interval.state).data()), cyclesText(double(interval.startCycle)),
                    cyclesText(double(interval.endCycle)), cyclesText(cycles))
                .arg(cycles / mhz, 0, 'f', 3);
        }
        return {};
    }
    for (const auto& bucket : w.buckets) {
        if (bucket.sm.value != r.sm || cycle < static_cast<double>(bucket.startCycle) || cycle >= static_cast<double>(bucket.endCycle))
            continue;
        std::uint64_t total = 0;
        for (const auto c : bucket.stateCycles)
            total += c;
        QStringList shares;
        for (std::size_t s = 0; s < engine::kWarpStateCount; ++s)
            if (bucket.stateCycles[s] > 0)
                shares << tr("%1 %2 %").arg(QString::fromUtf8(engine::kWarpStateNames[s].data()))
                              .arg(100.0 * static_cast<double>(bucket.stateCycles[s]) / static_cast<double>(std::max<std::uint64_t>(total, 1)), 0, 'f', 1);
        return tr("%1, cycles %2 – %3\nwarp-cycles: %4").arg(rowLabel(row), cyclesText(double(bucket.startCycle)),
            cyclesText(double(bucket.endCycle)), shares.join(QStringLiteral(", ")));
    }
    return {};
}

void WarpTimelineCanvas::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    paintRuler(painter);
    if (!m_slice)
        return;
    painter.setClipRect(QRectF(labelWidth, rulerHeight, timeWidth(), height() - rulerHeight));
    if (m_slice->window.aggregated)
        paintBuckets(painter);
    else
        paintIntervals(painter);
    painter.setClipping(false);
    painter.setPen(palette().color(QPalette::Text));
    for (int row = 0; row < rowCount(); ++row)
        painter.drawText(QRectF(4, rulerHeight + row * rowHeight, labelWidth - 8, rowHeight), Qt::AlignVCenter | Qt::AlignLeft,
            rowLabel(row));
}

void WarpTimelineCanvas::paintRuler(QPainter& painter) const
{
    const auto text = palette().color(QPalette::Text);
    const auto grid = palette().color(QPalette::Mid);
    painter.setPen(text);
    const double mhz = m_slice ? m_slice->clockMhz : 1.0;
    for (const double tick : m_axis.ticks(timeWidth(), 90)) {
        const double x = m_axis.toPixel(tick);
        painter.setPen(grid);
        painter.drawLine(QPointF(x, rulerHeight - 4), QPointF(x, height()));
        painter.setPen(text);
        painter.drawText(QPointF(x + 3, 13), tr("%1 cyc").arg(cyclesText(tick)));
        painter.drawText(QPointF(x + 3, 27), formatMicroseconds(tick / mhz));
    }
}

void WarpTimelineCanvas::paintIntervals(QPainter& painter) const
{
    painter.setPen(Qt::NoPen);
    for (const auto& interval : m_slice->window.intervals) {
        const int row = rowOf(Row { interval.sm.value, interval.block.value, interval.warp.value });
        if (row < 0)
            continue;
        const double x0 = m_axis.toPixel(static_cast<double>(interval.startCycle));
        const double x1 = std::max(x0 + 1.0, m_axis.toPixel(static_cast<double>(interval.endCycle)));
        painter.fillRect(QRectF(x0, rulerHeight + row * rowHeight + 1, x1 - x0, rowHeight - 2), warpStateColor(interval.state));
    }
}

void WarpTimelineCanvas::paintBuckets(QPainter& painter) const
{
    for (const auto& bucket : m_slice->window.buckets) {
        const int row = rowOf(Row { bucket.sm.value, 0, 0 });
        if (row < 0)
            continue;
        const double x0 = m_axis.toPixel(static_cast<double>(bucket.startCycle));
        const double x1 = std::max(x0 + 1.0, m_axis.toPixel(static_cast<double>(bucket.endCycle)));
        std::uint64_t total = 0;
        for (const auto c : bucket.stateCycles)
            total += c;
        if (total == 0)
            continue;
        // The bucket's height is split between the states in proportion to their warp-cycles.
        double y = rulerHeight + row * rowHeight + 1;
        const double h = rowHeight - 2;
        for (std::size_t s = 0; s < engine::kWarpStateCount; ++s) {
            const double part = h * static_cast<double>(bucket.stateCycles[s]) / static_cast<double>(total);
            painter.fillRect(QRectF(x0, y, x1 - x0, part), warpStateColor(static_cast<engine::WarpState>(s)));
            y += part;
        }
    }
}

} // namespace views
