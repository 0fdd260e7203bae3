#include "model/report/launch_metrics.h"
#include "model/report/report_charts.h"
#include "model/report/report_writers.h"
#include "model/roofline/roofline_report.h"

#include <cmath>
#include <cstdio>

namespace model {

namespace {

/// Whole counts in full ("1234567"), other values with six significant digits or `format`.
std::string htmlNumber(double value, const char* format = nullptr)
{
    char text[48];
    if (!format && value == std::floor(value) && std::abs(value) < 1e15)
        std::snprintf(text, sizeof text, "%.0f", value);
    else
        std::snprintf(text, sizeof text, format ? format : "%.6g", value);
    return text;
}

std::string htmlShape(const std::array<std::uint32_t, 3>& v)
{
    return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) + ")";
}

std::string row(std::string_view name, std::string_view value)
{
    return "<tr><th>" + escapeXml(name) + "</th><td>" + escapeXml(value) + "</td></tr>\n";
}

std::string runSection(const ReportData& data)
{
    const auto& run = data.detail.run;
    std::string parameters;
    for (const auto& [name, value] : run.parameters)
        parameters += (parameters.empty() ? "" : ", ") + name + " = " + std::to_string(value);
    std::string html = "<h1>warpscope report: run " + std::to_string(run.id) + "</h1>\n<table class=\"facts\">\n";
    html += row("Scenario", run.scenarioPath.empty() ? "(bare kernel)" : run.scenarioPath);
    html += row("Parameters", parameters.empty() ? "none" : parameters);
    if (const auto swept = sweptParameter(data.sweepPoints); !swept.empty()) {
        std::string devices;
        for (const auto& point : data.sweepPoints)
            if (devices.find(point.deviceId) == std::string::npos)
                devices += (devices.empty() ? "" : ", ") + point.deviceId;
        html += row("Sweep", swept + " on " + devices + " (" + std::to_string(data.sweepPoints.size()) + " points)");
    }
    html += row("Device",
        data.device.name + " (" + data.device.id + ", compute capability " + data.device.computeCapability.toString()
            + ", " + std::to_string(data.device.smCount) + " SMs at " + htmlNumber(data.device.coreClockMhz, "%.0f")
            + " MHz)");
    html += row("Theoretical bandwidth",
        htmlNumber(data.theoreticalBandwidthGbps, "%.1f") + " GB/s (Best Practices Guide §8.2.1)");
    html += row("Total time", htmlNumber(run.totalTimeUs, "%.3f") + " µs");
    html += row("Date", run.date + ", warpscope " + run.toolVersion);
    if (!run.sampling.empty())
        html += row("Detailed events", run.sampling);
    return html + "</table>\n";
}

std::string metricsTable(const ReportData& data, const ReportLaunch& launch)
{
    const auto cc = data.device.computeCapability;
    std::string html = "<table class=\"grid\" border=\"1\" cellpadding=\"3\" cellspacing=\"0\">\n<tr><th>metric</th><th>value</th><th>" + std::string(usesNvprofNames(cc) ? "nvprof" : "Nsight Compute")
        + " name</th></tr>\n";
    for (const auto& metric : launchMetrics()) {
        const auto name = usesNvprofNames(cc) ? metric.nvprofName : metric.ncuName;
        html += "<tr><td>" + escapeXml(metric.label) + "</td><td class=\"num\">"
            + htmlNumber(metric.read(launch.row.summary)) + "</td><td><code>" + escapeXml(name.empty() ? "—" : name)
            + "</code></td></tr>\n";
    }
    if (launch.loadEfficiency)
        html += "<tr><td>Global load efficiency</td><td class=\"num\">"
            + htmlNumber(*launch.loadEfficiency * 100.0, "%.1f") + " %</td><td><code>"
            + (usesNvprofNames(cc) ? "gld_efficiency" : "—") + "</code></td></tr>\n";
    if (launch.storeEfficiency)
        html += "<tr><td>Global store efficiency</td><td class=\"num\">"
            + htmlNumber(*launch.storeEfficiency * 100.0, "%.1f") + " %</td><td><code>"
            + (usesNvprofNames(cc) ? "gst_efficiency" : "—") + "</code></td></tr>\n";
    return html + "</table>\n";
}

std::string linesTable(const ReportLaunch& launch)
{
    if (launch.hottestLines.empty())
        return {};
    std::string html = "<h3>Hottest lines</h3>\n<table class=\"grid\" border=\"1\" cellpadding=\"3\" cellspacing=\"0\">\n<tr><th>PTX line</th><th>instruction</th>"
                       "<th>warp instr.</th><th>thread instr.</th><th>transactions</th><th>sectors</th><th>wavefronts</th>"
                       "<th>stall cycles</th></tr>\n";
    for (const auto& line : launch.hottestLines) {
        const auto& c = line.counters;
        html += "<tr><td class=\"num\">" + std::to_string(c.ptxLine) + "</td><td><code>" + escapeXml(line.ptxText)
            + "</code></td><td class=\"num\">" + std::to_string(c.warpInstructions) + "</td><td class=\"num\">"
            + std::to_string(c.threadInstructions) + "</td><td class=\"num\">" + std::to_string(c.transactions)
            + "</td><td class=\"num\">" + std::to_string(c.sectors) + "</td><td class=\"num\">" + std::to_string(c.wavefronts)
            + "</td><td class=\"num\">" + std::to_string(c.stallCycles) + "</td></tr>\n";
    }
    return html + "</table>\n";
}

std::string launchHeader(const ReportData& data, const ReportLaunch& launch)
{
    const auto& info = launch.row.info;
    std::string html = "<h2>Launch " + std::to_string(info.id.value) + ": " + escapeXml(launch.row.kernelName) + "</h2>\n";
    html += "<table class=\"facts\" cellpadding=\"2\" cellspacing=\"0\">\n";
    html += row("Configuration",
        "grid " + htmlShape(info.grid) + ", block " + htmlShape(info.block) + ", stream "
            + std::to_string(info.stream.value));
    const auto& source = launch.kernel.registersSource;
    html += row("Resources", std::to_string(launch.kernel.registersPerThread) + " registers per thread"
            + (source.empty() ? std::string() : " (" + escapeXml(source) + ")") + ", "
            + std::to_string(launch.kernel.staticSharedBytes) + " B static + " + std::to_string(info.dynamicSharedBytes)
            + " B dynamic shared memory per block");
    const auto& s = launch.row.summary;
    html += row("Time",
        htmlNumber(s.timeUs, "%.3f") + " µs (" + std::to_string(s.cycles) + " cycles), effective bandwidth "
            + htmlNumber(s.effectiveBandwidthGbps, "%.1f") + " GB/s of "
            + htmlNumber(data.theoreticalBandwidthGbps, "%.1f") + " GB/s theoretical");
    html += row("Occupancy",
        "theoretical " + htmlNumber(s.theoreticalOccupancy * 100.0, "%.1f") + " %, achieved "
            + htmlNumber(s.achievedOccupancy * 100.0, "%.1f") + " %. " + launch.occupancyText);
    html += "</table>\n";
    if (!launch.guidance.empty())
        html += "<p class=\"guidance\">" + escapeXml(launch.guidance) + "</p>\n";
    return html;
}

constexpr const char* kStyle = R"css(
body { font-family: sans-serif; font-size: 10.5pt; color: #202020; max-width: 60em; margin: 2em auto; }
h1 { font-size: 17pt; } h2 { font-size: 13pt; margin-top: 1.6em; border-bottom: 1px solid #c0c0c0; } h3 { font-size: 11pt; }
table { border-collapse: collapse; margin: 0.6em 0; }
table.facts th { text-align: left; padding: 2px 12px 2px 0; vertical-align: top; }
table.grid th, table.grid td { border: 1px solid #d0d0d0; padding: 2px 6px; }
table.grid th { background: #f0f0f0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font-size: 9pt; }
p.guidance { background: #fff6e0; border-left: 4px solid #E69F00; padding: 6px 10px; }
figure { margin: 1em 0; }
)css";

} // namespace

std::vector<ReportBlock> reportBlocks(const ReportData& data)
{
    std::vector<ReportBlock> blocks;
    const auto html = [&](std::string text) { blocks.push_back({ ReportBlock::Kind::Html, std::move(text) }); };
    const auto svg = [&](std::string text) { blocks.push_back({ ReportBlock::Kind::Svg, std::move(text) }); };
    html(runSection(data));
    if (auto chart = bandwidthChart(data))
        svg(renderSvg(*chart));
    if (auto chart = bandwidthPercentChart(data))
        svg(renderSvg(*chart));
    if (auto chart = streamChart(data))
        svg(renderSvg(*chart));
    if (data.roofline) {
        if (auto chart = rooflineSvg(*data.roofline); !chart.empty())
            svg(std::move(chart));
    }
    for (const auto& launch : data.launches) {
        html(launchHeader(data, launch));
        for (const auto kind : { OccupancyInputKind::ThreadsPerBlock, OccupancyInputKind::RegistersPerThread,
                 OccupancyInputKind::SharedBytesPerBlock })
            if (auto chart = occupancyChart(launch, kind))
                svg(renderSvg(*chart));
        html("<h3>Metrics</h3>\n" + metricsTable(data, launch));
        html(linesTable(launch));
        if (data.roofline)
            html(rooflineLaunchHtml(*data.roofline, static_cast<std::size_t>(&launch - data.launches.data())));
    }
    return blocks;
}

std::string reportHtml(const ReportData& data)
{
    const auto& run = data.detail.run;
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>warpscope report: run "
        + std::to_string(run.id) + " on " + escapeXml(data.device.id) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
    for (const auto& block : reportBlocks(data)) {
        if (block.kind == ReportBlock::Kind::Svg)
            out += "<figure>\n" + block.content + "</figure>\n";
        else
            out += block.content;
    }
    return out + "</body>\n</html>\n";
}

} // namespace model
