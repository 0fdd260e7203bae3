#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace model {

/// One curve of a line chart.
struct SvgSeries {
    std::string name;
    std::vector<std::pair<double, double>> points; ///< (x, y), in x order
};

/// A horizontal reference line: a theoretical limit.
struct SvgReference {
    double y = 0;
    std::string label;
};

/// A line chart for reports: axes with 1-2-5 ticks, one coloured curve with markers per series, a legend,
/// dashed horizontal reference lines and an optional vertical marker (the launch's own configuration).
struct SvgLineChart {
    std::string title;
    std::string xLabel;
    std::string yLabel;
    std::vector<SvgSeries> series;
    std::vector<SvgReference> references; ///< drawn in the colour of the series with the same index
    std::optional<double> markerX;
    std::string markerLabel;
    std::optional<double> yMax; ///< a fixed top of the y axis (100 for percentages); else from the data
    bool integerX = false; ///< x ticks at whole numbers only (offsets, strides, threads)
    int width = 680;
    int height = 300;
};

/// One bar of a timeline chart.
struct SvgBar {
    std::size_t row = 0; ///< index into the chart's rows
    double start = 0;
    double end = 0;
    std::string label; ///< drawn inside the bar when it fits, and as its tooltip
    std::size_t colour = 0; ///< palette index
};

/// A timeline for reports: one row per track (a stream or engine), bars on a shared time axis.
struct SvgTimeline {
    std::string title;
    std::string xLabel;
    std::vector<std::string> rows;
    std::vector<SvgBar> bars;
    int width = 680;
    int rowHeight = 22;
};

/// Self-contained SVG 1.1 documents (no scripts, no external references), so an HTML report embeds them
/// inline and the PDF writer renders them as vector graphics.
std::string renderSvg(const SvgLineChart& chart);
std::string renderSvg(const SvgTimeline& chart);

/// Text with &, <, > and quotes escaped for XML and HTML.
std::string escapeXml(std::string_view text);

} // namespace model
