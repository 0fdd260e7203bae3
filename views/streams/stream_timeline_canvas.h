#pragma once

#include "model/run/run_snapshot.h"
#include "views/streams/range_band.h"
#include "views/streams/stream_layout.h"
#include "views/streams/time_axis.h"

#include <QWidget>

#include <memory>
#include <optional>

namespace views {

/// The painted part of the Stream view: the time ruler, the row labels and the operations as bars.
/// Wheel zooms about the cursor, a drag pans, hovering a bar shows its details, and two clicks place a
/// ruler that measures the time between them (a third click starts a new one; Esc clears it), and a
/// Shift+drag selects a time range for every view (rangeSelected). All mapping and hit-testing is in
/// TimeAxis and StreamLayout. GUI thread only.
class StreamTimelineCanvas : public QWidget {
    Q_OBJECT
public:
    static constexpr double labelWidth = 150;

    explicit StreamTimelineCanvas(QWidget* parent = nullptr);

    void setSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot);
    /// Fit shows at least [0, spanUs], so two runs stacked for comparison share one scale; 0: the run alone.
    void setFitSpan(double spanUs);
    /// Takes another canvas's zoom and pan (a stacked comparison follows the one the user moves).
    void setAxis(const TimeAxis& axis);
    /// Shows the whole run.
    void fitAll();
    /// Shows the views' time range: zoomed to it and everything outside dimmed; empty: the whole run.
    void setSelectedRange(std::optional<std::pair<double, double>> rangeUs);
    const RangeBand& band() const { return m_band; }
    void clearRuler();

    const TimeAxis& axis() const { return m_axis; }
    const StreamLayout& layout() const { return m_layout; }
    /// The ruler's ends in µs; the second is empty while only one point is placed.
    const QVector<double>& rulerPoints() const { return m_ruler; }
    /// The text the ruler shows: "Δ 12.5 µs", or empty.
    QString rulerText() const;
    /// The hover text for a point in widget coordinates (what the tooltip shows), or empty.
    QString detailsAt(QPointF point) const;
    QSize sizeHint() const override;

Q_SIGNALS:
    void rulerChanged(const QString& text);
    /// The user zoomed, panned or fitted.
    void axisChanged(const views::TimeAxis& axis);
    /// The user Shift-dragged over [fromUs, toUs].
    void rangeSelected(double fromUs, double toUs);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    double timeWidth() const { return width() - labelWidth - 8; }
    void addRulerPoint(double us);

    std::shared_ptr<const model::RunSnapshot> m_snapshot;
    StreamLayout m_layout;
    TimeAxis m_axis;
    RangeBand m_band;
    QVector<double> m_ruler;
    std::optional<QPointF> m_pressAt;
    QPointF m_lastDragAt;
    bool m_dragging = false;
    bool m_fitted = false; ///< keep fitting on resize until the user zooms or pans
    double m_fitSpanUs = 0;
};

} // namespace views
