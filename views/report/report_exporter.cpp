#include "views/report/report_exporter.h"

#include "model/store/trace_reader.h"
#include "views/report/report_file.h"

#include <QMetaObject>
#include <QPointer>

namespace views {

namespace {

std::optional<QString> exportReport(const QString& dbPath, qint64 runId, const QString& path, ReportFormat format)
{
    auto reader = model::TraceReader::open(dbPath.toStdString());
    if (!reader)
        return QString::fromStdString(reader.error().toString());
    auto data = model::loadReportData(reader.value(), runId);
    if (!data)
        return QString::fromStdString(data.error().toString());
    return writeReportFile(data.value(), path, format);
}

} // namespace

ReportExporter::ReportExporter(QObject* parent)
    : QObject(parent)
{
}

QString ReportExporter::fileFilter()
{
    return tr("PDF report (*.pdf);;HTML report (*.html);;JSON (*.json);;CSV, one row per launch (*.csv)");
}

void ReportExporter::exportRun(const QString& dbPath, qint64 runId, const QString& outputPath)
{
    const auto format = reportFormatFor(outputPath);
    if (!format) {
        emit failed(tr("%1: choose a .pdf, .html, .json or .csv file").arg(outputPath));
        return;
    }
    QPointer<ReportExporter> self(this);
    m_jobs.start([self, dbPath, runId, outputPath, format = *format](quint64 job, std::stop_token) {
        const auto error = exportReport(dbPath, runId, outputPath, format);
        QMetaObject::invokeMethod(
            self.data(),
            [self, job, error, outputPath] {
                if (!self || !self->m_jobs.isCurrent(job))
                    return;
                if (error)
                    emit self->failed(*error);
                else
                    emit self->exported(outputPath);
            },
            Qt::QueuedConnection);
    });
}

} // namespace views
