#pragma once

#include "engine/common/result.h"
#include "model/run/background_jobs.h"
#include "model/store/trace_snapshots.h"

#include <QObject>
#include <QString>

#include <memory>

namespace model {

/// What the warp timeline shows: a window of one launch's recorded warp states, raw intervals when few
/// enough, else per-SM buckets (timeline_query.h), with what is needed to label it.
struct TimelineSlice {
    qint64 runId = 0;
    qint64 launchId = 0;
    QString kernel;
    double clockMhz = 1; ///< the device's core clock: cycles to microseconds
    double launchStartUs = 0; ///< where cycle 0 is on the run's timeline
    std::uint64_t lastCycle = 0; ///< the launch's recorded extent
    std::uint64_t startCycle = 0; ///< the window asked for
    std::uint64_t endCycle = 0;
    TimelineWindow window;
};

/// Reads warp timelines from a session database off the GUI thread: the first launch of a run with recorded
/// intervals, then whatever window the view scrolls to, at the level of detail of its width. A new request
/// cancels the one in flight, so zooming and panning never queue stale reads.
class TimelineLoader : public QObject {
    Q_OBJECT
public:
    explicit TimelineLoader(QObject* parent = nullptr);

    /// Shows run `runId` of `dbPath`: its first launch with recorded intervals, whole.
    void showRun(const QString& dbPath, qint64 runId, std::uint32_t columns);
    /// Reads [startCycle, endCycle) of the launch shown, `columns` buckets wide at most.
    void request(std::uint64_t startCycle, std::uint64_t endCycle, std::uint32_t columns);
    void waitForIdle() { m_jobs.waitForIdle(); } ///< tests

Q_SIGNALS:
    void loaded(std::shared_ptr<const model::TimelineSlice> slice);
    void failed(const QString& message);

private:
    void deliver(quint64 job, engine::Result<TimelineSlice> slice);

    BackgroundJobs m_jobs;
    QString m_path;
    TimelineSlice m_shown; ///< the launch shown (window empty)
};

} // namespace model
