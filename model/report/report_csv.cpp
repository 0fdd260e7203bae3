#include "model/report/launch_metrics.h"
#include "model/report/report_writers.h"

#include <cstdio>

namespace model {

namespace {

/// RFC 4180: quote a field that holds a comma, quote or line break; double its quotes.
std::string field(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(text);
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

std::string csvNumber(double value)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.10g", value);
    return text;
}

std::string csvShape(const std::array<std::uint32_t, 3>& v)
{
    return std::to_string(v[0]) + "x" + std::to_string(v[1]) + "x" + std::to_string(v[2]);
}

std::string prefix(const ReportData& data, const ReportLaunch& launch)
{
    return std::to_string(data.detail.run.id) + ',' + field(data.device.id) + ','
        + std::to_string(launch.row.info.id.value) + ',' + field(launch.row.kernelName) + ','
        + csvShape(launch.row.info.grid) + ',' + csvShape(launch.row.info.block);
}

} // namespace

std::string reportCsv(const ReportData& data, bool perLine)
{
    std::string out = "run_id,device,launch,kernel,grid,block";
    if (perLine) {
        out += ",ptx_line,ptx,warp_instructions,thread_instructions,transactions,sectors,wavefronts,stall_cycles\n";
        for (const auto& launch : data.launches)
            for (const auto& line : launch.lines) {
                const auto& c = line.counters;
                out += prefix(data, launch) + ',' + std::to_string(c.ptxLine) + ',' + field(line.ptxText) + ','
                    + std::to_string(c.warpInstructions) + ',' + std::to_string(c.threadInstructions) + ','
                    + std::to_string(c.transactions) + ',' + std::to_string(c.sectors) + ',' + std::to_string(c.wavefronts)
                    + ',' + std::to_string(c.stallCycles) + '\n';
            }
        return out;
    }
    for (const auto& metric : launchMetrics())
        out += ',' + field(columnName(metric, data.device.computeCapability));
    // Efficiency in percent, as both profilers print it: nvprof's gld_efficiency/gst_efficiency, Nsight
    // Compute's bytes used per fetched sector (Kernel Profiling Guide, smsp__sass_average_data_bytes_per_sector_*).
    const bool nvprof = usesNvprofNames(data.device.computeCapability);
    out += nvprof ? ",gld_efficiency,gst_efficiency\n"
                  : ",smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct,"
                    "smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct\n";
    for (const auto& launch : data.launches) {
        out += prefix(data, launch);
        for (const auto& metric : launchMetrics())
            out += ',' + csvNumber(metric.read(launch.row.summary));
        out += ',' + (launch.loadEfficiency ? csvNumber(*launch.loadEfficiency * 100.0) : std::string());
        out += ',' + (launch.storeEfficiency ? csvNumber(*launch.storeEfficiency * 100.0) : std::string()) + '\n';
    }
    return out;
}

} // namespace model
