// warpscope-cli runs DB [--json]: the complete runs recorded in a session database.
#include "app/cli/command_list.h"
#include "app/cli/text_table.h"
#include "model/store/trace_reader.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace app::cli {

namespace {

nlohmann::json runJson(const model::RunRow& run)
{
    auto parameters = nlohmann::json::object();
    for (const auto& [name, value] : run.parameters)
        parameters[name] = value;
    return {
        { "id", run.id },
        { "date", run.date },
        { "scenario", run.scenarioPath },
        { "device", run.deviceId },
        { "device_name", run.deviceName },
        { "tool_version", run.toolVersion },
        { "parameters", parameters },
        { "launches", run.launchCount },
        { "total_time_us", run.totalTimeUs },
        { "sampling", run.sampling },
        { "sweep_points", run.sweepPointCount },
        { "sweep_points_planned", run.sweepPointsPlanned },
    };
}

void printTable(const std::vector<model::RunRow>& runs, std::ostream& out)
{
    TextTable table({ "id", "date", "device", "scenario", "launches", "time us" });
    for (const auto& run : runs) {
        char time[32];
        std::snprintf(time, sizeof time, "%.3f", run.totalTimeUs);
        table.addRow({ std::to_string(run.id), run.date, run.deviceId, run.scenarioPath,
            std::to_string(run.launchCount), time });
    }
    table.print(out);
}

int runRuns(const ParsedArgs& args, CommandIo& io)
{
    if (args.positional().size() != 1)
        throw UsageError("runs takes one database file");
    auto reader = model::TraceReader::open(args.positional().front());
    auto runs = reader ? reader->runs() : engine::Result<std::vector<model::RunRow>>(reader.error());
    if (!runs) {
        // A file that is not a trace, of a newer schema, or damaged: the user's input, one line.
        io.err << "warpscope-cli: " << runs.error().toString() << '\n';
        return ExitBadInput;
    }
    if (args.flag("json")) {
        auto list = nlohmann::json::array();
        for (const auto& run : *runs)
            list.push_back(runJson(run));
        io.out << nlohmann::json { { "runs", list } }.dump(2) << '\n';
        return ExitOk;
    }
    printTable(*runs, io.out);
    return ExitOk;
}

} // namespace

Command runsCommand()
{
    return Command {
        "runs",
        "list the complete runs recorded in a session database",
        "runs DB [--json]",
        { { "json", "", "print one JSON document: {\"runs\": [...]}", false } },
        runRuns,
    };
}

} // namespace app::cli
