#include "views/report/report_file.h"

#include "model/report/report_writers.h"
#include "views/report/report_pdf_writer.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace views {

namespace {

std::optional<QString> writeText(const QString& path, const std::string& text)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QStringLiteral("%1: %2").arg(path, file.errorString());
    file.write(text.data(), static_cast<qint64>(text.size()));
    if (!file.commit())
        return QStringLiteral("%1: %2").arg(path, file.errorString());
    return std::nullopt;
}

std::optional<QString> writePdf(const model::ReportData& data, const QString& path)
{
    const auto partial = path + QStringLiteral(".partial");
    if (auto error = writeReportPdf(data, partial)) {
        QFile::remove(partial);
        return error;
    }
    QFile::remove(path);
    if (!QFile::rename(partial, path)) {
        QFile::remove(partial);
        return QStringLiteral("%1: cannot replace the file").arg(path);
    }
    return std::nullopt;
}

} // namespace

std::optional<ReportFormat> reportFormatFor(const QString& path)
{
    const auto suffix = QFileInfo(path).suffix().toLower();
    return reportFormatNamed(suffix == QLatin1String("htm") ? QStringLiteral("html") : suffix);
}

std::optional<ReportFormat> reportFormatNamed(const QString& name)
{
    if (name == QLatin1String("pdf"))
        return ReportFormat::Pdf;
    if (name == QLatin1String("html"))
        return ReportFormat::Html;
    if (name == QLatin1String("json"))
        return ReportFormat::Json;
    if (name == QLatin1String("csv"))
        return ReportFormat::Csv;
    return std::nullopt;
}

std::optional<QString> writeReportFile(const model::ReportData& data, const QString& path, ReportFormat format, bool perLine)
{
    switch (format) {
    case ReportFormat::Json:
        return writeText(path, model::reportJson(data).dump(2) + '\n');
    case ReportFormat::Csv:
        return writeText(path, model::reportCsv(data, perLine));
    case ReportFormat::Html:
        return writeText(path, model::reportHtml(data));
    case ReportFormat::Pdf:
        return writePdf(data, path);
    }
    return std::nullopt;
}

} // namespace views
