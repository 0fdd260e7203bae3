#include "views/streams/stream_layout.h"

#include "views/plot/axis_math.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>

namespace views {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("views::StreamLayout", text);
}

} // namespace

StreamLayout StreamLayout::build(const QVector<model::TimelineBar>& timeline)
{
    std::map<int, StreamRow> streams;
    std::map<int, StreamRow> engines; // keyed by the engine enum, so engines keep a fixed order
    for (int i = 0; i < timeline.size(); ++i) {
        const auto& bar = timeline[i];
        auto& streamRow = streams[bar.stream];
        streamRow.kind = StreamRow::Kind::Stream;
        streamRow.stream = bar.stream;
        streamRow.label = bar.stream == 0 ? tr("Stream 0 (default)") : tr("Stream %1").arg(bar.stream);
        streamRow.bars.push_back(i);
        auto& engineRow = engines[static_cast<int>(bar.engine)];
        engineRow.kind = StreamRow::Kind::Engine;
        engineRow.engine = bar.engine;
        engineRow.label = engineLabel(bar.engine);
        engineRow.bars.push_back(i);
    }
    StreamLayout layout;
    for (auto& [id, row] : streams)
        layout.rows.push_back(std::move(row));
    for (auto& [id, row] : engines)
        layout.rows.push_back(std::move(row));
    return layout;
}

double StreamLayout::rowTop(int row) const
{
    const bool pastStreams = row > 0 && rows.value(row).kind == StreamRow::Kind::Engine
        && std::any_of(rows.begin(), rows.end(), [](const auto& r) { return r.kind == StreamRow::Kind::Stream; });
    return rulerHeight + rowGap + row * (rowHeight + rowGap) + (pastStreams ? engineGap : 0.0);
}

int StreamLayout::rowAt(double y) const
{
    for (int row = 0; row < rows.size(); ++row) {
        const double top = rowTop(row);
        if (y >= top && y < top + rowHeight)
            return row;
    }
    return -1;
}

double StreamLayout::height() const
{
    return rows.isEmpty() ? rulerHeight : rowTop(static_cast<int>(rows.size()) - 1) + rowHeight + rowGap;
}

QRectF StreamLayout::barRect(const TimeAxis& axis, int row, const model::TimelineBar& bar) const
{
    const double left = axis.toPixel(bar.startUs);
    const double width = std::max(axis.toPixel(bar.endUs) - left, minimumBarWidth);
    return { left, rowTop(row) + 2, width, rowHeight - 4 };
}

int StreamLayout::barAt(const TimeAxis& axis, const QVector<model::TimelineBar>& timeline, QPointF point) const
{
    const int row = rowAt(point.y());
    if (row < 0)
        return -1;
    int found = -1;
    for (const int index : rows[row].bars) {
        if (barRect(axis, row, timeline[index]).contains(point)
            && (found < 0 || timeline[index].startUs >= timeline[found].startUs))
            found = index;
    }
    return found;
}

QString engineLabel(model::TimelineEngine engine)
{
    switch (engine) {
    case model::TimelineEngine::Compute:
        return tr("Compute");
    case model::TimelineEngine::Copy:
        return tr("Copy engine");
    case model::TimelineEngine::CopyHostToDevice:
        return tr("H2D copy");
    case model::TimelineEngine::CopyDeviceToHost:
        return tr("D2H copy");
    case model::TimelineEngine::Host:
        return tr("Host");
    }
    return {};
}

QString opKindLabel(model::TimelineOpKind kind)
{
    switch (kind) {
    case model::TimelineOpKind::Kernel:
        return tr("Kernel");
    case model::TimelineOpKind::MemcpyHostToDevice:
        return tr("Memcpy HtoD");
    case model::TimelineOpKind::MemcpyDeviceToHost:
        return tr("Memcpy DtoH");
    case model::TimelineOpKind::MemcpyDeviceToDevice:
        return tr("Memcpy DtoD");
    case model::TimelineOpKind::MemcpyHostToHost:
        return tr("Memcpy HtoH");
    case model::TimelineOpKind::Memset:
        return tr("Memset");
    }
    return {};
}

QString barDetails(const model::TimelineBar& bar)
{
    QStringList lines;
    lines << QStringLiteral("%1: %2").arg(opKindLabel(bar.kind), bar.name);
    lines << tr("Stream %1 on %2").arg(bar.stream).arg(engineLabel(bar.engine));
    if (bar.bytes > 0)
        lines << tr("Bytes: %1").arg(formatBytes(static_cast<double>(bar.bytes)));
    if (bar.bytes > 0 && bar.durationUs() > 0)
        lines << tr("Bandwidth: %1 GB/s").arg(static_cast<double>(bar.bytes) / (bar.durationUs() * 1e3), 0, 'f', 2);
    lines << tr("Start: %1").arg(formatMicroseconds(bar.startUs));
    lines << (bar.kind == model::TimelineOpKind::Kernel && bar.durationUs() <= 0
            ? tr("Duration: not timed (no timing model yet)")
            : tr("Duration: %1").arg(formatMicroseconds(bar.durationUs())));
    return lines.join(QLatin1Char('\n'));
}

} // namespace views
