#include "model/chart/svg_chart.h"

#include "model/chart/tick_steps.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

namespace model {

namespace {

// Colour-blind-safe palette (Okabe & Ito), the same order as the GUI's plots use for devices.
constexpr std::array<const char*, 8> kPalette { "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
    "#F0E442", "#000000" };

constexpr int kLeft = 64;
constexpr int kRight = 16;
constexpr int kTop = 30;
constexpr int kBottom = 44;

std::string svgNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
}

std::string tickText(double value, double step)
{
    char text[32];
    if (std::abs(value) >= 1e6 && step >= 1e5)
        std::snprintf(text, sizeof text, "%gM", value / 1e6);
    else if (std::abs(value) >= 1e4 && step >= 1e3)
        std::snprintf(text, sizeof text, "%gk", value / 1e3);
    else
        std::snprintf(text, sizeof text, "%g", std::abs(value) < step * 1e-9 ? 0.0 : value);
    return text;
}

struct Range {
    double lo = 0;
    double hi = 1;
};

/// A range that starts at a multiple of a nice step and covers [lo, hi].
Range niceRange(double lo, double hi, int ticks, double& step, double minimumStep = 0)
{
    if (!(hi > lo)) {
        hi = lo + (lo == 0 ? 1.0 : std::abs(lo) * 0.1);
    }
    step = std::max(minimumStep, niceDecimalStep(hi - lo, ticks));
    return { std::floor(lo / step) * step, std::ceil(hi / step) * step };
}

void open(std::string& svg, int width, int height)
{
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + std::to_string(width) + "\" height=\""
        + std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(width) + ' ' + std::to_string(height)
        + "\" font-family=\"sans-serif\" font-size=\"11\">\n";
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
}

void text(std::string& svg, double x, double y, std::string_view content, const char* anchor = "start",
    const char* extra = "")
{
    svg += "<text x=\"" + svgNumber(x) + "\" y=\"" + svgNumber(y) + "\" text-anchor=\"" + anchor + "\" " + extra + ">"
        + escapeXml(content) + "</text>\n";
}

void line(std::string& svg, double x1, double y1, double x2, double y2, const char* stroke, const char* extra = "")
{
    svg += "<line x1=\"" + svgNumber(x1) + "\" y1=\"" + svgNumber(y1) + "\" x2=\"" + svgNumber(x2) + "\" y2=\""
        + svgNumber(y2) + "\" stroke=\"" + stroke + "\" " + extra + "/>\n";
}

} // namespace

std::string escapeXml(std::string_view in)
{
    std::string out;
    out.reserve(in.size());
    for (const char c : in) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string renderSvg(const SvgLineChart& chart)
{
    double xMin = std::numeric_limits<double>::max();
    double xMax = std::numeric_limits<double>::lowest();
    double yMax = 0;
    for (const auto& series : chart.series)
        for (const auto& [x, y] : series.points) {
            xMin = std::min(xMin, x);
            xMax = std::max(xMax, x);
            yMax = std::max(yMax, y);
        }
    for (const auto& reference : chart.references)
        yMax = std::max(yMax, reference.y);
    if (chart.markerX) {
        xMin = std::min(xMin, *chart.markerX);
        xMax = std::max(xMax, *chart.markerX);
    }
    if (xMin > xMax) {
        xMin = 0;
        xMax = 1;
    }
    const int legendWidth = chart.series.size() > 1 || !chart.references.empty() ? 170 : 0;
    const double plotW = chart.width - kLeft - kRight - legendWidth;
    const double plotH = chart.height - kTop - kBottom;
    double xStep = 1;
    double yStep = 1;
    const auto xr = niceRange(xMin, xMax, 8, xStep, chart.integerX ? 1.0 : 0.0);
    const auto yr = chart.yMax ? niceRange(0, *chart.yMax, 5, yStep) : niceRange(0, yMax * 1.05, 5, yStep);
    const auto px = [&](double x) { return kLeft + (x - xr.lo) / (xr.hi - xr.lo) * plotW; };
    const auto py = [&](double y) { return kTop + plotH - (y - yr.lo) / (yr.hi - yr.lo) * plotH; };

    std::string svg;
    open(svg, chart.width, chart.height);
    text(svg, kLeft, 18, chart.title, "start", "font-weight=\"bold\" font-size=\"13\"");
    for (double y = yr.lo; y <= yr.hi + yStep * 1e-6; y += yStep) {
        line(svg, kLeft, py(y), kLeft + plotW, py(y), "#e0e0e0");
        text(svg, kLeft - 6, py(y) + 4, tickText(y, yStep), "end");
    }
    for (double x = xr.lo; x <= xr.hi + xStep * 1e-6; x += xStep) {
        line(svg, px(x), kTop + plotH, px(x), kTop + plotH + 4, "#404040");
        text(svg, px(x), kTop + plotH + 16, tickText(x, xStep), "middle");
    }
    line(svg, kLeft, kTop + plotH, kLeft + plotW, kTop + plotH, "#404040");
    line(svg, kLeft, kTop, kLeft, kTop + plotH, "#404040");
    text(svg, kLeft + plotW / 2, chart.height - 8, chart.xLabel, "middle");
    text(svg, 14, kTop + plotH / 2, chart.yLabel, "middle",
        ("transform=\"rotate(-90 14 " + svgNumber(kTop + plotH / 2) + ")\"").c_str());

    for (std::size_t r = 0; r < chart.references.size(); ++r)
        line(svg, kLeft, py(chart.references[r].y), kLeft + plotW, py(chart.references[r].y), kPalette[r % kPalette.size()],
            "stroke-dasharray=\"6 4\"");
    if (chart.markerX) {
        line(svg, px(*chart.markerX), kTop, px(*chart.markerX), kTop + plotH, "#D55E00", "stroke-dasharray=\"3 3\"");
        text(svg, px(*chart.markerX) + 4, kTop + plotH - 6, chart.markerLabel, "start", "fill=\"#D55E00\"");
    }
    for (std::size_t s = 0; s < chart.series.size(); ++s) {
        const auto* colour = kPalette[s % kPalette.size()];
        const auto& points = chart.series[s].points;
        std::string path;
        for (const auto& [x, y] : points)
            path += (path.empty() ? "" : " ") + svgNumber(px(x)) + ',' + svgNumber(py(y));
        svg += "<polyline fill=\"none\" stroke=\"" + std::string(colour) + "\" stroke-width=\"1.6\" points=\"" + path + "\"/>\n";
        if (points.size() <= 80)
            for (const auto& [x, y] : points)
                svg += "<circle cx=\"" + svgNumber(px(x)) + "\" cy=\"" + svgNumber(py(y)) + "\" r=\"2.5\" fill=\""
                    + colour + "\"/>\n";
    }
    if (legendWidth > 0) {
        const double lx = kLeft + plotW + 14;
        double ly = kTop + 8;
        for (std::size_t s = 0; s < chart.series.size(); ++s, ly += 16) {
            line(svg, lx, ly - 4, lx + 18, ly - 4, kPalette[s % kPalette.size()], "stroke-width=\"2\"");
            text(svg, lx + 24, ly, chart.series[s].name);
        }
        for (std::size_t r = 0; r < chart.references.size(); ++r, ly += 16) {
            line(svg, lx, ly - 4, lx + 18, ly - 4, kPalette[r % kPalette.size()], "stroke-dasharray=\"6 4\"");
            text(svg, lx + 24, ly, chart.references[r].label);
        }
    }
    svg += "</svg>\n";
    return svg;
}

std::string renderSvg(const SvgTimeline& chart)
{
    constexpr int kLabelWidth = 130;
    const int height = kTop + static_cast<int>(chart.rows.size()) * chart.rowHeight + kBottom;
    double tMin = std::numeric_limits<double>::max();
    double tMax = std::numeric_limits<double>::lowest();
    for (const auto& bar : chart.bars) {
        tMin = std::min(tMin, bar.start);
        tMax = std::max(tMax, bar.end);
    }
    if (tMin > tMax) {
        tMin = 0;
        tMax = 1;
    }
    double step = 1;
    const auto tr = niceRange(std::min(0.0, tMin), tMax, 8, step);
    const double plotW = chart.width - kLabelWidth - kRight;
    const double plotBottom = kTop + static_cast<double>(chart.rows.size() * static_cast<std::size_t>(chart.rowHeight));
    const auto px = [&](double t) { return kLabelWidth + (t - tr.lo) / (tr.hi - tr.lo) * plotW; };

    std::string svg;
    open(svg, chart.width, height);
    text(svg, 8, 18, chart.title, "start", "font-weight=\"bold\" font-size=\"13\"");
    for (std::size_t r = 0; r < chart.rows.size(); ++r) {
        const double y = kTop + static_cast<double>(r * static_cast<std::size_t>(chart.rowHeight));
        if (r % 2 == 1)
            svg += "<rect x=\"" + svgNumber(kLabelWidth) + "\" y=\"" + svgNumber(y) + "\" width=\"" + svgNumber(plotW)
                + "\" height=\"" + std::to_string(chart.rowHeight) + "\" fill=\"#f4f4f4\"/>\n";
        text(svg, kLabelWidth - 6, y + chart.rowHeight * 0.68, chart.rows[r], "end");
    }
    for (double t = tr.lo; t <= tr.hi + step * 1e-6; t += step) {
        line(svg, px(t), kTop, px(t), plotBottom + 4, "#d8d8d8");
        text(svg, px(t), plotBottom + 16, tickText(t, step), "middle");
    }
    for (const auto& bar : chart.bars) {
        const double y = kTop + static_cast<double>(bar.row * static_cast<std::size_t>(chart.rowHeight)) + 3;
        const double x = px(bar.start);
        const double w = std::max(0.8, px(bar.end) - x);
        svg += "<rect x=\"" + svgNumber(x) + "\" y=\"" + svgNumber(y) + "\" width=\"" + svgNumber(w) + "\" height=\""
            + std::to_string(chart.rowHeight - 6) + "\" fill=\"" + kPalette[bar.colour % kPalette.size()]
            + "\" stroke=\"#ffffff\" stroke-width=\"0.5\"><title>" + escapeXml(bar.label) + "</title></rect>\n";
        if (w > 7.0 * static_cast<double>(bar.label.size()))
            text(svg, x + 4, y + chart.rowHeight * 0.55, bar.label, "start", "fill=\"#ffffff\"");
    }
    line(svg, kLabelWidth, plotBottom, kLabelWidth + plotW, plotBottom, "#404040");
    text(svg, kLabelWidth + plotW / 2, height - 8, chart.xLabel, "middle");
    svg += "</svg>\n";
    return svg;
}

} // namespace model
