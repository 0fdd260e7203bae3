#include "views/timeline/warp_timeline_canvas.h"

#include "views/timeline/warp_state_colors.h"

#include <QImage>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <array>
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
    if (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier) && event->position().x() >= labelWidth) {
        m_band.begin(event->position().x());
        return;
    }
    if (event->button() == Qt::LeftButton) {
        m_dragFrom = event->position();
        m_pressedAt = event->position();
    }
}

void WarpTimelineCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (m_band.dragging()) {
        m_band.moveTo(std::max(event->position().x(), labelWidth));
        update();
        return;
    }
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
    if (event->button() == Qt::LeftButton && m_band.dragging()) {
        const auto range = m_band.finish(m_axis);
        update();
        if (range)
            Q_EMIT cyclesSelected(std::max(0.0, range->first), range->second);
        return;
    }
    if (event->button() == Qt::LeftButton && m_dragFrom) {
        m_dragFrom.reset();
        const QPointF moved = event->position() - m_pressedAt;
        quint32 block = 0;
        quint32 warp = 0;
        if (moved.manhattanLength() < 4 && warpAt(event->position(), block, warp))
            Q_EMIT warpClicked(block, warp);
        else
            requestVisible();
    }
}

void WarpTimelineCanvas::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape && m_band.dragging()) {
        m_band.cancel();
        update();
        return;
    }
    QWidget::keyPressEvent(event);
}

void WarpTimelineCanvas::setSelectedCycles(std::optional<std::pair<double, double>> cycles)
{
    m_band.setSelected(cycles);
    if (!cycles) {
        fitAndRequest();
        return;
    }
    m_axis.leftPx = labelWidth;
    m_axis.fit(cycles->first, cycles->second, timeWidth());
    m_fitted = false;
    update();
    requestVisible();
}

bool WarpTimelineCanvas::warpAt(QPointF point, quint32& block, quint32& warp) const
{
    if (!m_slice || m_slice->window.aggregated || point.x() < labelWidth || point.y() < rulerHeight)
        return false;
    const int row = static_cast<int>((point.y() - rulerHeight) / rowHeight);
    if (row < 0 || row >= rowCount())
        return false;
    block = m_rows[static_cast<std::size_t>(row)].block;
    warp = m_rows[static_cast<std::size_t>(row)].warp;
    return true;
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

WarpTimelineCanvas::Visible WarpTimelineCanvas::visibleIn(const QRect& area) const
{
    // Only what the paint event covers is drawn: in a scroll area that is the rows on screen, whatever the
    // launch's size, which bounds a frame's work.
    Visible v;
    v.firstRow = std::max(0, static_cast<int>((area.top() - rulerHeight) / rowHeight));
    v.lastRow = std::min(rowCount() - 1, static_cast<int>((area.bottom() - rulerHeight) / rowHeight));
    v.left = std::max<double>(labelWidth, area.left());
    v.right = std::min<double>(width(), area.right() + 1);
    return v;
}

void WarpTimelineCanvas::paintEvent(QPaintEvent* event)
{
    QPainter painter(this);
    paintRuler(painter);
    if (!m_slice)
        return;
    const auto visible = visibleIn(event->rect());
    painter.setClipRect(QRectF(labelWidth, rulerHeight, timeWidth(), height() - rulerHeight));
    if (m_slice->window.aggregated)
        paintBuckets(painter, visible);
    else
        paintIntervals(painter, visible);
    painter.setClipping(false);
    m_band.paint(painter, m_axis, QRectF(labelWidth, 0, timeWidth(), height()), palette());
    painter.setPen(palette().color(QPalette::Text));
    for (int row = visible.firstRow; row <= visible.lastRow; ++row)
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

void WarpTimelineCanvas::paintIntervals(QPainter& painter, const Visible& visible) const
{
    painter.setPen(Qt::NoPen);
    for (const auto& interval : m_slice->window.intervals) {
        const double x0 = m_axis.toPixel(static_cast<double>(interval.startCycle));
        const double x1 = std::max(x0 + 1.0, m_axis.toPixel(static_cast<double>(interval.endCycle)));
        if (x1 < visible.left || x0 > visible.right)
            continue;
        const int row = rowOf(Row { interval.sm.value, interval.block.value, interval.warp.value });
        if (row < visible.firstRow || row > visible.lastRow)
            continue;
        painter.fillRect(QRectF(x0, rulerHeight + row * rowHeight + 1, x1 - x0, rowHeight - 2), warpStateColor(interval.state));
    }
}

void WarpTimelineCanvas::paintBuckets(QPainter& painter, const Visible& visible) const
{
    // Zoomed out, a row holds a bucket per pixel column: its states' shares are written straight into an image
    // of the visible rows, one 32-bit pixel at a time, and drawn once — a frame costs the visible pixels, not
    // one rectangle per state per bucket.
    const int left = static_cast<int>(visible.left);
    const int widthPx = static_cast<int>(visible.right) - left;
    const int rows = visible.lastRow - visible.firstRow + 1;
    if (widthPx <= 0 || rows <= 0)
        return;
    const int rowPx = static_cast<int>(rowHeight);
    QImage strip(widthPx, rows * rowPx, QImage::Format_ARGB32_Premultiplied);
    strip.fill(Qt::transparent);
    std::array<QRgb, engine::kWarpStateCount> colors {};
    for (std::size_t s = 0; s < colors.size(); ++s)
        colors[s] = warpStateColor(static_cast<engine::WarpState>(s)).rgba();
    for (const auto& bucket : m_slice->window.buckets) {
        const double x0 = m_axis.toPixel(static_cast<double>(bucket.startCycle));
        const double x1 = std::max(x0 + 1.0, m_axis.toPixel(static_cast<double>(bucket.endCycle)));
        if (x1 < visible.left || x0 > visible.right)
            continue;
        const int row = rowOf(Row { bucket.sm.value, 0, 0 });
        if (row < visible.firstRow || row > visible.lastRow)
            continue;
        std::uint64_t total = 0;
        for (const auto c : bucket.stateCycles)
            total += c;
        if (total == 0)
            continue;
        const int from = std::clamp(static_cast<int>(x0) - left, 0, widthPx - 1);
        const int to = std::clamp(static_cast<int>(std::ceil(x1)) - left, from + 1, widthPx);
        // The bucket's height is split between the states in proportion to their warp-cycles.
        const int top = (row - visible.firstRow) * rowPx + 1;
        const int height = rowPx - 2;
        std::uint64_t above = 0;
        for (std::size_t s = 0; s < engine::kWarpStateCount; ++s) {
            const int y0 = top + static_cast<int>(static_cast<double>(height) * static_cast<double>(above) / static_cast<double>(total));
            above += bucket.stateCycles[s];
            const int y1 = top + static_cast<int>(static_cast<double>(height) * static_cast<double>(above) / static_cast<double>(total));
            for (int y = y0; y < y1; ++y) {
                auto* line = reinterpret_cast<QRgb*>(strip.scanLine(y));
                std::fill(line + from, line + to, colors[s]);
            }
        }
    }
    painter.drawImage(QPointF(left, rulerHeight + visible.firstRow * rowHeight), strip);
}

} // namespace views
