#pragma once

#include "model/run/background_jobs.h"

#include <QObject>
#include <QString>

namespace views {

/// Writes a stored run's report off the GUI thread (File ▸ Export Report): reads the run, lays it out and
/// writes PDF, HTML, JSON or CSV, picked by the file's suffix (report_file.h). The file appears only when
/// complete. Results arrive on the GUI thread through the signals.
class ReportExporter : public QObject {
    Q_OBJECT
public:
    explicit ReportExporter(QObject* parent = nullptr);

    /// The save dialog's filter list.
    static QString fileFilter();

    void exportRun(const QString& dbPath, qint64 runId, const QString& outputPath);
    void cancel() { m_jobs.cancel(); }
    bool isBusy() const { return m_jobs.isBusy(); }
    void waitForIdle() { m_jobs.waitForIdle(); } ///< tests

signals:
    void exported(const QString& path);
    void failed(const QString& message);

private:
    model::BackgroundJobs m_jobs;
};

} // namespace views
