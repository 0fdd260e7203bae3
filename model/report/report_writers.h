#pragma once

#include "model/report/report_data.h"

#include <nlohmann/json.hpp>

#include <string>

namespace model {

/// Every number of the report as one JSON document; launch metrics under their `run --json` keys.
nlohmann::json reportJson(const ReportData& data);

/// One CSV row per launch, its metric columns named as the device's generation's profiler names them
/// (launch_metrics.h; docs/metric_names.md); with `perLine`, one row per PTX line of each launch instead.
std::string reportCsv(const ReportData& data, bool perLine);

/// The report as one self-contained HTML file: inline CSS, charts as inline SVG, no external references.
std::string reportHtml(const ReportData& data);

/// The report's sections as HTML fragments without charts, and the charts as SVG documents, in reading
/// order, for writers that lay out pages themselves (the PDF writer).
struct ReportBlock {
    enum class Kind { Html, Svg } kind = Kind::Html;
    std::string content;
};
std::vector<ReportBlock> reportBlocks(const ReportData& data);

} // namespace model
