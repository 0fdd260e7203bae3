#pragma once

#include "model/run/time_range.h"

#include <QWidget>

#include <memory>

class QLabel;

namespace model {
class TimelineLoader;
struct TimelineSlice;
}

namespace views {

class WarpTimelineCanvas;

/// The Warp Timeline view: the recorded warp states of a run's first timed launch, read from the session
/// database off the GUI thread at the level of detail of the view's width, with a legend of the states and
/// a header naming the launch and what is shown. GUI thread only.
class WarpTimelineView : public QWidget {
    Q_OBJECT
public:
    explicit WarpTimelineView(QWidget* parent = nullptr);

    /// Shows run `runId` of the session database `dbPath`.
    void showRun(const QString& dbPath, qint64 runId);
    /// Shows the launches finished so far of a run in flight, recorded as run `runId` of the scratch database
    /// `dbPath` (RunController::partial). The launch shown is final once there: later calls for the same run leave
    /// it, and its zoom, as it is.
    void showRunSoFar(const QString& dbPath, qint64 runId);
    WarpTimelineCanvas* canvas() const { return m_canvas; }
    model::TimelineLoader* loader() const { return m_loader; }
    QString headerText() const;
    /// Zooms to the part of the views' time range inside the launch shown (µs on the run's timeline, converted
    /// with the launch's start and the device's clock) and dims the rest; empty: the whole launch.
    void setTimeRange(const std::optional<model::TimeRange>& range);

Q_SIGNALS:
    /// The user Shift-dragged over a cycle range, here in µs on the run's timeline.
    void rangeSelected(double fromUs, double toUs);

private:
    void load(const QString& dbPath, qint64 runId, const QString& runName);
    void showSlice(std::shared_ptr<const model::TimelineSlice> slice);
    void applyRange();

    model::TimelineLoader* m_loader;
    WarpTimelineCanvas* m_canvas;
    QLabel* m_header;
    std::optional<model::TimeRange> m_range;
    QString m_path; ///< the database of the run asked for last
    QString m_runName; ///< how the header names it: "Run 3", or a run in flight
    std::shared_ptr<const model::TimelineSlice> m_launch; ///< the launch shown (its first window)
    QString m_launchPath; ///< the database m_launch came from
};

} // namespace views
