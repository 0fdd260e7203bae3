#pragma once

#include "model/run/run_snapshot.h"
#include "model/run/time_range.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;

namespace views {

class StreamTimelineCanvas;

/// The Stream view: a run's operations on one row per stream and per engine, like a visual profiler's
/// timeline, with a header (scenario, device, total time), Fit and Clear Ruler buttons and the ruler's
/// read-out. "Pin as Baseline" keeps the shown run above the next ones, on the same time scale and zoomed
/// and panned together, to compare two runs (sequential against staged copies, one device against another).
/// Shows the snapshots it is given; GUI thread only.
class StreamView : public QWidget {
    Q_OBJECT
public:
    explicit StreamView(QWidget* parent = nullptr);

    void setSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot);
    /// Shows `snapshot` above the current run as the baseline; null removes it.
    void setBaseline(std::shared_ptr<const model::RunSnapshot> snapshot);
    /// Pins the run shown now as the baseline.
    void pinBaseline();
    /// Zooms to the views' time range and dims the rest; empty: the whole run.
    void setTimeRange(const std::optional<model::TimeRange>& range);
    bool hasBaseline() const { return m_baseline != nullptr; }
    StreamTimelineCanvas* canvas() const { return m_canvas; }
    StreamTimelineCanvas* baselineCanvas() const { return m_baselineCanvas; }
    QLabel* header() const { return m_header; }

private:
    void setupWidgets();
    QString headerText(const model::RunSnapshot& snapshot) const;

    void syncScales();

    std::shared_ptr<const model::RunSnapshot> m_snapshot;
    std::shared_ptr<const model::RunSnapshot> m_baseline;
    std::optional<model::TimeRange> m_range;
    StreamTimelineCanvas* m_canvas = nullptr;
    StreamTimelineCanvas* m_baselineCanvas = nullptr;
    QWidget* m_baselineBox = nullptr;
    QLabel* m_baselineHeader = nullptr;
    QLabel* m_header = nullptr;
    QLabel* m_rulerLabel = nullptr;
    QPushButton* m_pin = nullptr;
};

} // namespace views
