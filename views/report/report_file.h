#pragma once

#include "model/report/report_data.h"

#include <QString>

#include <optional>

namespace views {

enum class ReportFormat { Pdf, Html, Json, Csv };

/// The format a file name asks for by its suffix (.pdf, .html/.htm, .json, .csv); nullopt for another.
std::optional<ReportFormat> reportFormatFor(const QString& path);
/// "pdf", "html", "json" or "csv"; nullopt for another word.
std::optional<ReportFormat> reportFormatNamed(const QString& name);

/// Writes a report file so that it appears only when complete: the text formats through QSaveFile, the
/// PDF into "<path>.partial" renamed at the end. `perLine` makes CSV one row per PTX line. PDF needs a
/// QGuiApplication. Returns the error message, naming the file.
std::optional<QString> writeReportFile(const model::ReportData& data, const QString& path, ReportFormat format,
    bool perLine = false);

} // namespace views
