#pragma once

#include "model/run/background_jobs.h"
#include "model/run/run_snapshot.h"
#include "model/run/sweep_snapshot.h"

#include <QAbstractListModel>

#include <memory>
#include <vector>

namespace model {

struct RunRow;

/// The complete runs of the open session database, newest last, as a list for the Session dock; reading
/// (the list, a chosen run's results) happens off the GUI thread. A database that cannot be read is
/// reported through `failed`, naming the file.
class SessionRuns : public QAbstractListModel {
    Q_OBJECT
public:
    explicit SessionRuns(QObject* parent = nullptr);
    ~SessionRuns() override;

    /// Shows the runs of `path` (a refresh); an empty path shows none.
    void setDatabase(const QString& path);
    QString database() const { return m_path; }
    /// Reads the run list again (after a run was recorded).
    void refresh();
    /// Reads run `runId`'s results; `runLoaded` delivers them, and `sweepLoaded` too when the run is a sweep
    /// and `withSweep` is set.
    void loadRun(qint64 runId, bool withSweep = true);
    /// Reads every recorded sweep of the database; `sweepLoaded` delivers each, oldest first.
    void loadSweeps();
    qint64 runIdAt(int row) const;
    /// The newest run's id; 0 when there is none.
    qint64 latestRunId() const;
    void waitForIdle(); ///< tests

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void refreshed();
    void runLoaded(std::shared_ptr<const model::RunSnapshot> snapshot);
    void sweepLoaded(std::shared_ptr<const model::SweepSnapshot> snapshot);
    /// loadSweeps delivered every sweep it found.
    void sweepsLoaded();
    void failed(const QString& message);

private:
    void setRuns(std::vector<RunRow> runs);

    QString m_path;
    std::vector<RunRow> m_runs;
    BackgroundJobs m_listing;
    BackgroundJobs m_loading;
    BackgroundJobs m_sweeps;
};

} // namespace model
