#pragma once

#include "model/report/comparison_table.h"
#include "model/run/background_jobs.h"
#include "model/store/trace_snapshots.h"

#include <QObject>
#include <QString>
#include <QVector>

#include <vector>

namespace model {

/// Reads comparisons from a session database off the GUI thread: the run list to pick from, two runs side
/// by side, or a run against an Nsight Compute CSV export. One request at a time; a new one cancels the
/// previous, whose answer is dropped. Results arrive on the GUI thread through the signals.
class ComparisonLoader : public QObject {
    Q_OBJECT
public:
    explicit ComparisonLoader(QObject* parent = nullptr);

    void listRuns(const QString& dbPath);
    void compareRuns(const QString& dbPath, qint64 runA, qint64 runB);
    void compareWithNcu(const QString& dbPath, qint64 run, const QString& ncuFile);
    bool isBusy() const { return m_jobs.isBusy(); }
    void waitForIdle() { m_jobs.waitForIdle(); } ///< tests

signals:
    void runsListed(const std::vector<model::RunRow>& runs);
    void compared(const model::ComparisonTable& table);
    void failed(const QString& message);

private:
    template <typename Work>
    void start(Work work);

    BackgroundJobs m_jobs;
};

} // namespace model
