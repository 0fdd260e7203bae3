#pragma once

#include "model/roofline/roofline_run.h"
#include "model/run/time_range.h"

#include <QVector>
#include <QWidget>

#include <memory>
#include <optional>

class QCustomPlot;
class QMouseEvent;

namespace views {

/// A hierarchical log-log roofline: per shown run (one colour per device) its memory roofs (DRAM, L2, L1,
/// shared) rising to its compute roofs (FP64, FP32, FP16, tensor), and a dot per launch and memory level
/// (one marker shape per level). Hovering names the launch, clicking selects it; launches outside the views'
/// time range are drawn faint. GUI thread only.
class RooflineChart : public QWidget {
    Q_OBJECT
public:
    explicit RooflineChart(QWidget* parent = nullptr);

    /// Baselines first, the current run last (the one the time range and the selection apply to).
    void setRuns(const QVector<std::shared_ptr<const model::RooflineRun>>& runs);
    void setTimeRange(const std::optional<model::TimeRange>& range);
    void selectLaunch(int index);

    QCustomPlot* plot() const { return m_plot; }
    /// What hovering at `pixel` (plot coordinates) shows; empty when no dot is near.
    QString toolTipAt(QPointF pixel) const;
    int dotCount() const { return static_cast<int>(m_dots.size()); }

Q_SIGNALS:
    /// The user clicked a dot of the current run's launch `index`.
    void launchClicked(int index);

private:
    struct Dot {
        int run = 0; ///< into m_runs
        int launch = 0;
        engine::RooflinePoint point;
    };
    void rebuild();
    /// A roof's label before placement: which column (memory roofs left, compute roofs right), its rate.
    struct RoofLabel {
        bool compute = false;
        double rate = 0;
        QString text;
        QColor color;
    };
    void addRoofs(const model::RooflineRun& run, QColor color, double xLower, double xUpper, QVector<RoofLabel>& labels);
    /// Places every roof's label so that none overlaps another of its column (roofline_geometry::spread).
    void placeLabels(const QVector<RoofLabel>& labels, double xLower, double xUpper);
    void addDots(int runIndex, QColor color);
    void onMouseMove(QMouseEvent* event);
    void onMousePress(QMouseEvent* event);
    std::optional<int> dotAt(QPointF pixel) const;
    bool inRange(const model::RooflineLaunch& launch) const;

    QCustomPlot* m_plot = nullptr;
    QVector<std::shared_ptr<const model::RooflineRun>> m_runs;
    std::optional<model::TimeRange> m_range;
    QVector<Dot> m_dots;
    int m_selected = -1;
};

} // namespace views
