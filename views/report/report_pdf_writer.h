#pragma once

#include "model/report/report_data.h"

#include <QString>

#include <optional>

namespace views {

/// Writes a report as a PDF file: A4 pages, the text sections laid out by QTextDocument and the charts
/// drawn by QSvgRenderer, so they stay vector graphics. Needs a QGuiApplication. Returns the error
/// message, naming the file, when the file cannot be written.
std::optional<QString> writeReportPdf(const model::ReportData& data, const QString& path);

} // namespace views
