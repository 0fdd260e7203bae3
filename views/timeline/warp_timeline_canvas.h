#pragma once

#include "model/store/timeline_loader.h"
#include "views/streams/range_band.h"
#include "views/streams/time_axis.h"

#include <QWidget>

#include <memory>
#include <optional>

namespace views {

/// The painted part of the Warp Timeline: a cycle ruler (with microseconds at the device's clock), then one
/// row per recorded warp with its state intervals, or — zoomed out over more intervals than a window can
/// hold — one row per SM whose buckets stack the share of each state. Wheel zooms about the cursor, drag
/// pans, Shift+drag selects a cycle range for every view (cyclesSelected); each change asks for the visible
/// window at the width's level of detail (windowRequested). GUI thread.
class WarpTimelineCanvas : public QWidget {
    Q_OBJECT
public:
    static constexpr double labelWidth = 170;
    static constexpr double rowHeight = 14;
    static constexpr double rulerHeight = 34;

    explicit WarpTimelineCanvas(QWidget* parent = nullptr);

    /// A new launch fits the whole launch; a new window of the same launch keeps the zoom.
    void setSlice(std::shared_ptr<const model::TimelineSlice> slice);
    void fitAll();
    /// Fits the whole launch and reads it again at the width's level of detail (the Fit button).
    void fitAndRequest();
    /// Shows the views' time range in cycles of this launch: zoomed to it, the rest dimmed; empty: the whole
    /// launch. Reads the new window.
    void setSelectedCycles(std::optional<std::pair<double, double>> cycles);
    const RangeBand& band() const { return m_band; }
    const TimeAxis& axis() const { return m_axis; }
    int rowCount() const { return static_cast<int>(m_rows.size()); }
    QString rowLabel(int row) const;
    /// What the tooltip says at a point: the interval (warp, state, cycles, µs) or the bucket's state shares.
    QString detailsAt(QPointF point) const;
    /// The warp of the row at a point (block as the launch numbers it linearly, warp in the block); false on
    /// the ruler, the labels' margin, below the last row, or on an SM row of a zoomed-out view.
    bool warpAt(QPointF point, quint32& block, quint32& warp) const;
    QSize sizeHint() const override;

Q_SIGNALS:
    void windowRequested(quint64 startCycle, quint64 endCycle, quint32 columns);
    /// A click (a press and release without dragging) on a warp's row: open that warp in the stepper.
    void warpClicked(quint32 block, quint32 warp);
    /// The user Shift-dragged over cycles [from, to] of the launch.
    void cyclesSelected(double from, double to);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    struct Row {
        std::uint16_t sm = 0;
        std::uint32_t block = 0;
        std::uint16_t warp = 0;
    };

    void buildRows();
    int rowOf(const Row& key) const;
    void requestVisible();
    double timeWidth() const { return width() - labelWidth - 8; }
    void paintRuler(QPainter& painter) const;
    /// Rows [first, last] and the time area's pixels [left, right] a paint event has to cover.
    struct Visible {
        int firstRow = 0;
        int lastRow = -1;
        double left = 0;
        double right = 0;
    };
    Visible visibleIn(const QRect& area) const;
    void paintIntervals(QPainter& painter, const Visible& visible) const;
    void paintBuckets(QPainter& painter, const Visible& visible) const;

    std::shared_ptr<const model::TimelineSlice> m_slice;
    std::vector<Row> m_rows;
    TimeAxis m_axis;
    RangeBand m_band;
    std::optional<QPointF> m_dragFrom;
    QPointF m_pressedAt; ///< where the left button went down, to tell a click from a drag
    bool m_fitted = true;
};

} // namespace views
