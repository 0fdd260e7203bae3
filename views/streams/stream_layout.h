#pragma once

#include "model/run/run_snapshot.h"
#include "views/streams/time_axis.h"

#include <QPointF>
#include <QRectF>
#include <QString>
#include <QVector>

namespace views {

/// One row of the Stream view: a stream, or an engine (compute, copy, H2D, D2H), with the bars it shows.
struct StreamRow {
    enum class Kind { Stream, Engine };
    Kind kind = Kind::Stream;
    int stream = 0;
    model::TimelineEngine engine = model::TimelineEngine::Compute;
    QString label;
    QVector<int> bars; ///< indexes into the snapshot's timeline
};

/// The Stream view's vertical layout and hit-testing: a ruler band on top, then one row per stream (ascending),
/// then one per engine that ran anything. Every operation appears in its stream's row and its engine's row.
/// Plain data built from a snapshot's timeline; unit-tested without a widget.
struct StreamLayout {
    static constexpr double rulerHeight = 26;
    static constexpr double rowHeight = 28;
    static constexpr double rowGap = 6;
    static constexpr double engineGap = 14; ///< extra space between the stream rows and the engine rows
    static constexpr double minimumBarWidth = 3; ///< so untimed (zero-length) kernels stay visible and hoverable

    QVector<StreamRow> rows;

    static StreamLayout build(const QVector<model::TimelineBar>& timeline);

    double rowTop(int row) const;
    /// The row under `y`, or -1 (ruler, gaps, below the last row).
    int rowAt(double y) const;
    double height() const;
    QRectF barRect(const TimeAxis& axis, int row, const model::TimelineBar& bar) const;
    /// The bar (index into `timeline`) under `point`, or -1; the latest-starting one when bars overlap.
    int barAt(const TimeAxis& axis, const QVector<model::TimelineBar>& timeline, QPointF point) const;
};

/// "Compute", "Copy", "H2D copy", "D2H copy", "Host".
QString engineLabel(model::TimelineEngine engine);

/// "Kernel", "Memcpy HtoD", ...
QString opKindLabel(model::TimelineOpKind kind);

/// The hover text of a bar: kind, name, stream and engine, bytes, bandwidth (copies), start and duration.
QString barDetails(const model::TimelineBar& bar);

} // namespace views
