#include "model/roofline/roofline_report.h"

#include "model/chart/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace model {

namespace {

    constexpr double kWidth = 680, kHeight = 380, kLeft = 70, kRight = 20, kTop = 30, kBottom = 50;
    constexpr const char* kLevelColours[] = { "#009E73", "#CC79A7", "#E69F00", "#0072B2" }; // L1, shared, L2, DRAM

    std::string num(double value, const char* format = "%.4g")
    {
        char text[48];
        std::snprintf(text, sizeof text, format, value);
        return text;
    }

    /// Log-log mapping of the plot area: whole decades that hold every roof and dot.
    struct Axes {
        double x0, x1, y0, y1;
        double px(double x) const { return kLeft + (std::log10(x) - x0) / (x1 - x0) * (kWidth - kLeft - kRight); }
        double py(double y) const { return kHeight - kBottom - (std::log10(y) - y0) / (y1 - y0) * (kHeight - kTop - kBottom); }
    };

    double topCompute(const RooflineRun& run)
    {
        double top = run.ceilings.integer.peak;
        for (const auto& c : run.ceilings.compute)
            top = std::max(top, c.peak);
        return top;
    }

    Axes axesOf(const RooflineRun& run)
    {
        double xl = 0.01, xu = 100, yl = 1e9, yu = topCompute(run);
        for (const auto& launch : run.launches) {
            for (const auto& p : launch.roofline ? launch.roofline->points : std::vector<engine::RooflinePoint> {}) {
                xl = std::min(xl, p.intensity);
                xu = std::max(xu, p.intensity);
                yl = std::min(yl, p.performance);
            }
        }
        return { std::floor(std::log10(xl)), std::ceil(std::log10(xu)), std::floor(std::log10(yl)), std::ceil(std::log10(yu) + 0.3) };
    }

    std::string gridAndTicks(const Axes& a)
    {
        std::string svg;
        for (double d = a.x0; d <= a.x1; ++d) {
            const double x = a.px(std::pow(10, d));
            svg += "<line x1=\"" + num(x) + "\" y1=\"" + num(kTop) + "\" x2=\"" + num(x) + "\" y2=\"" + num(kHeight - kBottom)
                + "\" stroke=\"#e0e0e0\"/><text x=\"" + num(x) + "\" y=\"" + num(kHeight - kBottom + 16)
                + "\" font-size=\"11\" text-anchor=\"middle\">1e" + num(d, "%.0f") + "</text>\n";
        }
        for (double d = a.y0; d <= a.y1; ++d) {
            const double y = a.py(std::pow(10, d));
            svg += "<line x1=\"" + num(kLeft) + "\" y1=\"" + num(y) + "\" x2=\"" + num(kWidth - kRight) + "\" y2=\"" + num(y)
                + "\" stroke=\"#e0e0e0\"/><text x=\"" + num(kLeft - 6) + "\" y=\"" + num(y + 4)
                + "\" font-size=\"11\" text-anchor=\"end\">1e" + num(d, "%.0f") + "</text>\n";
        }
        return svg;
    }

    std::string roofs(const RooflineRun& run, const Axes& a)
    {
        std::string svg;
        const double top = topCompute(run);
        const double xLow = std::pow(10, a.x0), xHigh = std::pow(10, a.x1);
        for (std::size_t i = 0; i < run.ceilings.memory.size(); ++i) {
            const auto& c = run.ceilings.memory[i];
            const double ridge = top / c.peak;
            svg += "<line x1=\"" + num(a.px(xLow)) + "\" y1=\"" + num(a.py(c.peak * xLow)) + "\" x2=\"" + num(a.px(ridge))
                + "\" y2=\"" + num(a.py(top)) + "\" stroke=\"#404040\" stroke-width=\"" + (c.id == "dram" ? "2" : "1")
                + "\" stroke-dasharray=\"" + (c.id == "dram" ? "none" : "5,3") + "\"/>\n<text x=\"" + num(a.px(xLow) + 4)
                + "\" y=\"" + num(a.py(c.peak * xLow) - 4 - 11.0 * double(i)) + "\" font-size=\"10\">" + escapeXml(c.label) + " "
                + num(c.peak / 1e9, "%.0f") + " GB/s</text>\n";
        }
        auto computes = run.ceilings.compute;
        computes.push_back(run.ceilings.integer);
        double labelX = a.px(xHigh) - 4;
        for (const auto& c : computes) {
            // Labels alternate between the right edge and 150 px left of it, so close roofs stay readable.
            labelX = labelX > a.px(xHigh) - 100 ? a.px(xHigh) - 154 : a.px(xHigh) - 4;
            svg += "<line x1=\"" + num(a.px(xLow)) + "\" y1=\"" + num(a.py(c.peak)) + "\" x2=\"" + num(a.px(xHigh)) + "\" y2=\""
                + num(a.py(c.peak)) + "\" stroke=\"#808080\" stroke-dasharray=\"2,3\"/>\n<text x=\"" + num(labelX)
                + "\" y=\"" + num(a.py(c.peak) - 4) + "\" font-size=\"10\" text-anchor=\"end\">" + escapeXml(c.label) + " "
                + num(c.peak / 1e12, "%.2f") + (c.id == "integer" ? " Tops/s" : " TFLOP/s") + "</text>\n";
        }
        return svg;
    }

    std::string dots(const RooflineRun& run, const Axes& a)
    {
        std::string svg;
        for (const auto& launch : run.launches) {
            for (const auto& p : launch.roofline ? launch.roofline->points : std::vector<engine::RooflinePoint> {}) {
                svg += "<circle cx=\"" + num(a.px(p.intensity)) + "\" cy=\"" + num(a.py(p.performance)) + "\" r=\"4\" fill=\""
                    + kLevelColours[static_cast<int>(p.level)] + "\"><title>#" + std::to_string(launch.index + 1) + " "
                    + escapeXml(launch.kernel) + " " + engine::labelOf(p.level) + "</title></circle>\n";
                svg += "<text x=\"" + num(a.px(p.intensity) + 6) + "\" y=\"" + num(a.py(p.performance) + 3)
                    + "\" font-size=\"9\">#" + std::to_string(launch.index + 1) + "</text>\n";
            }
        }
        double x = kLeft + 8;
        for (const auto level : engine::kMemoryLevels) {
            svg += "<circle cx=\"" + num(x) + "\" cy=\"" + num(kTop + 8) + "\" r=\"4\" fill=\"" + kLevelColours[static_cast<int>(level)]
                + "\"/><text x=\"" + num(x + 7) + "\" y=\"" + num(kTop + 12) + "\" font-size=\"10\">" + engine::labelOf(level) + "</text>\n";
            x += 62;
        }
        return svg;
    }

    std::string percent(const std::optional<double>& value)
    {
        return value ? num(*value, "%.1f") + " %" : "–";
    }

} // namespace

std::string rooflineSvg(const RooflineRun& run)
{
    const bool timed = std::any_of(run.launches.begin(), run.launches.end(), [](const auto& l) { return l.roofline.has_value(); });
    if (!timed)
        return {};
    const Axes a = axesOf(run);
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(kWidth) + "\" height=\"" + num(kHeight)
        + "\" viewBox=\"0 0 " + num(kWidth) + " " + num(kHeight) + "\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    svg += "<text x=\"" + num(kWidth / 2) + "\" y=\"18\" font-size=\"13\" text-anchor=\"middle\">Roofline: " + escapeXml(run.deviceName) + "</text>\n";
    svg += gridAndTicks(a) + roofs(run, a) + dots(run, a);
    svg += "<text x=\"" + num(kWidth / 2) + "\" y=\"" + num(kHeight - 12)
        + "\" font-size=\"11\" text-anchor=\"middle\">arithmetic intensity (FLOP per byte)</text>\n<text x=\"14\" y=\""
        + num(kHeight / 2) + "\" font-size=\"11\" text-anchor=\"middle\" transform=\"rotate(-90 14 " + num(kHeight / 2)
        + ")\">FLOP/s (integer kernels: operations/s)</text>\n</svg>\n";
    return svg;
}

std::string rooflineLaunchHtml(const RooflineRun& run, std::size_t launchIndex)
{
    if (launchIndex >= run.launches.size())
        return {};
    const auto& launch = run.launches[launchIndex];
    const auto& mix = launch.counters.mix;
    std::string html = "<h3>Roofline and speed of light</h3>\n<p>" + std::to_string(mix.totalFlops()) + " FLOPs (FP16 "
        + std::to_string(mix.flopsOf(engine::FlopKind::Fp16)) + ", FP32 " + std::to_string(mix.flopsOf(engine::FlopKind::Fp32))
        + ", FP64 " + std::to_string(mix.flopsOf(engine::FlopKind::Fp64)) + "; an FMA counts 2), "
        + std::to_string(mix.integerOperations) + " integer operations.";
    if (launch.roofline) {
        html += " Achieved " + num(launch.roofline->work / launch.roofline->seconds / 1e9) + (launch.roofline->integer ? " G operations/s" : " GFLOP/s")
            + "; intensity per level:";
        for (const auto& p : launch.roofline->points)
            html += std::string(" ") + engine::labelOf(p.level) + " " + num(p.intensity, "%.3g");
        html += ".";
    }
    html += "</p>\n";
    if (launch.speedOfLight) {
        html += "<table class=\"grid\" border=\"1\" cellpadding=\"3\" cellspacing=\"0\">\n<tr><th>unit</th><th>% of peak</th><th>peak from</th></tr>\n";
        for (const auto& u : launch.speedOfLight->units)
            html += "<tr><td>" + escapeXml(u.label) + "</td><td class=\"num\">" + num(u.percent, "%.1f") + "</td><td>"
                + escapeXml(u.section) + "</td></tr>\n";
        html += "</table>\n<p class=\"guidance\">" + escapeXml(launch.speedOfLight->limiter) + "</p>\n";
    }
    html += "<h3>Memory chart</h3>\n<table class=\"grid\" border=\"1\" cellpadding=\"3\" cellspacing=\"0\">\n<tr><th>link</th>"
            "<th>requests</th><th>sectors</th><th>bytes</th><th>% of peak</th></tr>\n";
    const auto labelOf = [&](const std::string& id) {
        for (const auto& n : launch.memoryChart.nodes)
            if (n.id == id)
                return n.label + (n.hitRate ? " (hit rate " + num(*n.hitRate * 100, "%.1f") + " %)" : "");
        return id == "host" ? std::string("Host") : id;
    };
    auto links = launch.memoryChart.links;
    if (run.hostLink)
        links.push_back(*run.hostLink);
    for (const auto& l : links)
        html += "<tr><td>" + escapeXml(labelOf(l.from)) + " → " + escapeXml(labelOf(l.to)) + "</td><td class=\"num\">"
            + std::to_string(l.requests) + "</td><td class=\"num\">" + std::to_string(l.sectors) + "</td><td class=\"num\">"
            + std::to_string(l.bytes) + "</td><td class=\"num\">" + percent(l.percentOfPeak) + "</td></tr>\n";
    return html + "</table>\n";
}

} // namespace model
