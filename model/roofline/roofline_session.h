#pragma once

#include "model/roofline/roofline_run.h"
#include "model/run/background_jobs.h"

#include <QObject>
#include <QString>
#include <QVector>

#include <memory>

namespace model {

/// The roofline data the GUI shows: the current run, read from its session database off the GUI thread, and the
/// runs pinned as baselines beside it (another device, or the same kernel before a change), as the Stream view
/// pins. Lives on the GUI thread.
class RooflineSession : public QObject {
    Q_OBJECT
public:
    explicit RooflineSession(QObject* parent = nullptr);

    /// Reads run `runId` of `dbPath` in the background; an empty path clears the current run.
    void showRun(const QString& dbPath, qint64 runId);
    /// Keeps the current run beside the next ones; nothing when there is none or it is already pinned.
    void pinCurrent();
    void clearBaselines();

    std::shared_ptr<const RooflineRun> current() const { return m_current; }
    const QVector<std::shared_ptr<const RooflineRun>>& baselines() const { return m_baselines; }
    /// Baselines first, then the current run: every run the charts draw.
    QVector<std::shared_ptr<const RooflineRun>> shownRuns() const;
    bool isBusy() const { return m_jobs.isBusy(); }
    void waitForIdle() { m_jobs.waitForIdle(); } ///< tests

signals:
    void changed();
    void failed(const QString& message);

private:
    void deliver(quint64 job, engine::Result<RooflineRun> run);

    BackgroundJobs m_jobs;
    std::shared_ptr<const RooflineRun> m_current;
    QVector<std::shared_ptr<const RooflineRun>> m_baselines;
};

} // namespace model
