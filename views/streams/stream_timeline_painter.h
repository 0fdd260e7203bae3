#pragma once

#include "model/run/run_snapshot.h"
#include "views/streams/stream_layout.h"
#include "views/streams/time_axis.h"

#include <QPalette>
#include <QRectF>

class QPainter;

namespace views {

/// Paints the Stream view from its layout and axis; no state, no hit-testing. GUI thread only.
class StreamTimelinePainter {
public:
    StreamTimelinePainter(QPainter& painter, const QPalette& palette, QRectF area, double labelWidth)
        : m_painter(painter)
        , m_palette(palette)
        , m_area(area)
        , m_labelWidth(labelWidth)
    {
    }

    void paintRows(const StreamLayout& layout);
    void paintTicks(const TimeAxis& axis, double height);
    void paintBars(const StreamLayout& layout, const TimeAxis& axis, const QVector<model::TimelineBar>& timeline);
    void paintRuler(const TimeAxis& axis, const QVector<double>& points, const QString& text);

    /// The fill of a bar by what it is: kernels blue, HtoD green, DtoH orange, others grey.
    static QColor barColor(model::TimelineOpKind kind);

private:
    void paintBar(const QRectF& rect, const model::TimelineBar& bar);

    QPainter& m_painter;
    const QPalette& m_palette;
    QRectF m_area;
    double m_labelWidth;
};

} // namespace views
