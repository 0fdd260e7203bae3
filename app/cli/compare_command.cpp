// warpscope-cli compare DB RUN_A RUN_B [--json]: two stored runs side by side, launch by launch.
// warpscope-cli compare DB RUN --ncu FILE.csv [--json]: a stored run against an Nsight Compute export.
#include "app/cli/command_list.h"
#include "app/cli/stored_run.h"
#include "app/cli/text_table.h"
#include "model/report/ncu_comparison.h"
#include "model/report/run_comparison.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <limits>
#include <ostream>

namespace app::cli {

namespace {

nlohmann::json optionalNumber(const std::optional<double>& value)
{
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json differenceJson(const model::MetricDifference& d, const char* aKey, const char* bKey)
{
    return { { "key", d.key }, { "label", d.label }, { aKey, optionalNumber(d.a) }, { bKey, optionalNumber(d.b) },
        { "difference", optionalNumber(d.difference()) }, { "relative", optionalNumber(d.relative()) } };
}

nlohmann::json comparedRunJson(const model::RunRow& run)
{
    return { { "id", run.id }, { "device", run.deviceId }, { "scenario", run.scenarioPath }, { "date", run.date } };
}

std::string cell(const std::optional<double>& value)
{
    if (!value)
        return "-";
    char text[48];
    std::snprintf(text, sizeof text, "%.6g", *value);
    return text;
}

std::string percentCell(const std::optional<double>& relative)
{
    if (!relative)
        return "-";
    char text[32];
    std::snprintf(text, sizeof text, "%+.1f %%", *relative * 100.0);
    return text;
}

std::int64_t runId(const std::string& text)
{
    const auto value = parseInteger(text);
    if (!value || *value < 1)
        throw UsageError("a run id is a positive integer, not '" + text + "'");
    return *value;
}

int printRunComparison(const model::RunComparison& c, bool json, std::ostream& out)
{
    if (json) {
        auto launches = nlohmann::json::array();
        for (const auto& launch : c.launches) {
            auto metrics = nlohmann::json::array();
            for (const auto& d : launch.metrics)
                metrics.push_back(differenceJson(d, "a", "b"));
            launches.push_back({ { "index", launch.index }, { "kernel_a", launch.kernelA }, { "kernel_b", launch.kernelB },
                { "metrics", metrics } });
        }
        out << nlohmann::json { { "run_a", comparedRunJson(c.a) }, { "run_b", comparedRunJson(c.b) },
                   { "total_time_us", differenceJson(c.totalTimeUs, "a", "b") }, { "launches", launches } }
                   .dump(2)
            << '\n';
        return ExitOk;
    }
    out << "run A: " << c.a.id << " (" << c.a.deviceId << ", " << c.a.scenarioPath << ")\n"
        << "run B: " << c.b.id << " (" << c.b.deviceId << ", " << c.b.scenarioPath << ")\n";
    TextTable table({ "launch", "metric", "A", "B", "B - A", "change" });
    table.addRow({ "run", "total_time_us", cell(c.totalTimeUs.a), cell(c.totalTimeUs.b), cell(c.totalTimeUs.difference()),
        percentCell(c.totalTimeUs.relative()) });
    for (const auto& launch : c.launches)
        for (const auto& d : launch.metrics)
            table.addRow({ std::to_string(launch.index) + " " + (launch.kernelA.empty() ? launch.kernelB : launch.kernelA),
                std::string(d.key), cell(d.a), cell(d.b), cell(d.difference()), percentCell(d.relative()) });
    table.print(out);
    return ExitOk;
}

int printNcuComparison(const model::NcuComparison& c, const std::string& file, bool json, std::ostream& out)
{
    if (json) {
        auto launches = nlohmann::json::array();
        for (const auto& launch : c.launches) {
            auto metrics = nlohmann::json::array();
            for (std::size_t i = 0; i < launch.metrics.size(); ++i) {
                auto m = differenceJson(launch.metrics[i], "measured", "model");
                m["ncu_metric"] = launch.ncuNames[i];
                metrics.push_back(m);
            }
            launches.push_back({ { "index", launch.index }, { "kernel", launch.kernel }, { "ncu_id", launch.ncuId },
                { "metrics", metrics } });
        }
        out << nlohmann::json { { "run", comparedRunJson(c.run) }, { "ncu_file", file }, { "launches", launches },
                   { "unmatched", c.unmatched } }
                   .dump(2)
            << '\n';
        return ExitOk;
    }
    out << "run " << c.run.id << " (" << c.run.deviceId << ", " << c.run.scenarioPath << ") against " << file << '\n';
    TextTable table({ "launch", "ncu id", "metric", "measured", "model", "model - measured", "error" });
    for (const auto& launch : c.launches)
        for (const auto& d : launch.metrics)
            table.addRow({ std::to_string(launch.index) + " " + launch.kernel, std::to_string(launch.ncuId),
                std::string(d.key), cell(d.a), cell(d.b), cell(d.difference()), percentCell(d.relative()) });
    table.print(out);
    for (const auto& line : c.unmatched)
        out << "not compared: " << line << '\n';
    return ExitOk;
}

int runCompare(const ParsedArgs& args, CommandIo& io)
{
    const auto& positional = args.positional();
    const auto ncuFile = args.value("ncu");
    if (ncuFile ? positional.size() != 2 : positional.size() != 3)
        throw UsageError(ncuFile ? "compare with --ncu takes a database and one run id"
                                 : "compare takes a database and two run ids (or one run id and --ncu FILE)");
    if (ncuFile) {
        auto records = engine::loadNcuCsv(*ncuFile);
        if (!records) {
            io.err << "warpscope-cli: " << records.error().toString() << '\n';
            return ExitBadInput;
        }
        auto stored = openStoredRun(positional[0], runId(positional[1]));
        if (!stored) {
            io.err << "warpscope-cli: " << stored.error().toString() << '\n';
            return ExitBadInput;
        }
        auto comparison = model::compareWithNcu(stored->reader, stored->runId, records.value());
        if (!comparison) {
            io.err << "warpscope-cli: " << comparison.error().toString() << '\n';
            return ExitBadInput;
        }
        return printNcuComparison(comparison.value(), *ncuFile, args.flag("json"), io.out);
    }
    auto reader = model::TraceReader::open(positional[0]);
    if (!reader) {
        io.err << "warpscope-cli: " << reader.error().toString() << '\n';
        return ExitBadInput;
    }
    auto comparison = model::compareRuns(reader.value(), runId(positional[1]), runId(positional[2]));
    if (!comparison) {
        io.err << "warpscope-cli: " << comparison.error().toString() << '\n';
        return ExitBadInput;
    }
    return printRunComparison(comparison.value(), args.flag("json"), io.out);
}

} // namespace

Command compareCommand()
{
    return Command {
        "compare",
        "compare two stored runs launch by launch, or a stored run with an Nsight Compute CSV export",
        "compare DB RUN_A RUN_B [--json] | compare DB RUN --ncu FILE.csv [--json]",
        {
            { "ncu", "FILE", "an `ncu --csv --metrics ...` export of the same program: measured beside modeled", false },
            { "json", "", "print one JSON document", false },
        },
        runCompare,
    };
}

} // namespace app::cli
