// warpscope-cli roofline DB|SCENARIO [--run ID] [--device ID[,ID...]] [--set NAME=VALUE ...] [--json]: where each
// launch stands against its device's roofs, its speed of light and its memory chart.
#include "app/cli/command_list.h"
#include "app/cli/device_loading.h"
#include "app/cli/param_overrides.h"
#include "app/cli/stored_run.h"
#include "app/cli/text_table.h"

#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "engine/timing/timed_executor.h"
#include "model/roofline/roofline_json.h"
#include "model/store/run_recorder.h"

#include <cstdio>
#include <filesystem>
#include <sstream>
#include <unistd.h>

namespace app::cli {

namespace {

std::vector<std::string> deviceList(const ParsedArgs& args)
{
    std::vector<std::string> ids;
    std::stringstream text(args.value("device").value_or(""));
    for (std::string id; std::getline(text, id, ',');) {
        if (!id.empty())
            ids.push_back(id);
    }
    return ids;
}

/// Runs the scenario, timed, on each device into a temporary session database and reads the runs back, so the
/// figures come from the same recorded counters as the GUI's and the reports'.
engine::Result<std::vector<model::RooflineRun>> rooflinesOfScenario(const ParsedArgs& args)
{
    const auto catalog = engine::DeviceCatalog::load({}).catalog;
    auto devices = deviceList(args);
    if (devices.empty())
        devices.push_back({}); // the scenario's own device
    const auto db = std::filesystem::temp_directory_path() / ("warpscope-roofline-" + std::to_string(::getpid()) + ".wsdb");
    std::vector<model::RooflineRun> runs;
    std::optional<engine::Error> failure;
    for (const auto& device : devices) {
        auto prepared = engine::prepareScenario(args.positional().front(), device, parseOverrides(args), catalog);
        if (!prepared) {
            failure = prepared.error();
            break;
        }
        engine::timing::TimedExecutor executor;
        auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor);
        auto runId = report ? model::recordScenarioRun(db.string(), *report, *prepared) : engine::Result<std::int64_t>(report.error());
        auto reader = runId ? model::TraceReader::open(db.string()) : engine::Result<model::TraceReader>(runId.error());
        auto run = reader ? model::loadRooflineRun(*reader, *runId) : engine::Result<model::RooflineRun>(reader.error());
        if (!run) {
            failure = run.error();
            break;
        }
        runs.push_back(std::move(run).value());
    }
    std::error_code ignored;
    for (const auto* suffix : { "", "-wal", "-shm" })
        std::filesystem::remove(db.string() + suffix, ignored);
    if (failure)
        return *failure;
    return runs;
}

/// The runs of a session database: `--run`, or the latest complete run of each `--device`, or the latest run.
engine::Result<std::vector<model::RooflineRun>> rooflinesOfDatabase(const ParsedArgs& args)
{
    const auto& path = args.positional().front();
    std::vector<std::optional<std::int64_t>> ids;
    const auto devices = deviceList(args);
    if (!devices.empty() && !args.value("run")) {
        auto reader = model::TraceReader::open(path);
        if (!reader)
            return reader.error();
        auto rows = reader->runs();
        if (!rows)
            return rows.error();
        for (const auto& device : devices) {
            std::optional<std::int64_t> latest;
            for (const auto& row : *rows) {
                if (row.deviceId == device && row.sweepPointCount == 0)
                    latest = row.id;
            }
            if (!latest)
                return engine::Error { engine::ErrorCode::NotFound, "no complete run on device " + device,
                    engine::SourceLocation::inFile(path) };
            ids.push_back(latest);
        }
    } else {
        ids.push_back(runOption(args));
    }
    std::vector<model::RooflineRun> runs;
    for (const auto& id : ids) {
        auto stored = openStoredRun(path, id);
        if (!stored)
            return stored.error();
        auto run = model::loadRooflineRun(stored->reader, stored->runId);
        if (!run)
            return run.error();
        runs.push_back(std::move(run).value());
    }
    return runs;
}

std::string number(double value, const char* format = "%.3g")
{
    char text[32];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

void printText(const std::vector<model::RooflineRun>& runs, std::ostream& out)
{
    TextTable table({ "device", "launch", "kernel", "FLOPs", "int ops", "time us", "GFLOP/s", "FLOP/B (DRAM)", "top unit" });
    for (const auto& run : runs) {
        for (const auto& l : run.launches) {
            const auto& r = l.roofline;
            std::string dram = "-";
            if (r) {
                for (const auto& p : r->points)
                    dram = p.level == engine::MemoryLevel::Dram && !r->integer ? number(p.intensity) : dram;
            }
            const auto& sol = l.speedOfLight;
            table.addRow({ run.deviceId, std::to_string(l.index), l.kernel, std::to_string(l.counters.mix.totalFlops()),
                std::to_string(l.counters.mix.integerOperations), r ? number(r->seconds * 1e6) : "-",
                r && !r->integer ? number(r->work / r->seconds / 1e9) : "-", dram,
                sol && !sol->units.empty() ? sol->units.front().label + " " + number(sol->units.front().percent, "%.0f") + " %" : "-" });
        }
    }
    table.print(out);
    for (const auto& run : runs) {
        for (const auto& l : run.launches) {
            if (l.speedOfLight)
                out << run.deviceId << " " << l.kernel << ": " << l.speedOfLight->limiter << '\n';
        }
    }
}

int runRoofline(const ParsedArgs& args, CommandIo& io)
{
    if (args.positional().size() != 1)
        throw UsageError("roofline takes one session database or scenario file");
    const bool scenario = std::filesystem::path(args.positional().front()).extension() == ".json";
    if (scenario && args.value("run"))
        throw UsageError("--run reads a session database, not a scenario");
    if (!scenario && !args.values("set").empty())
        throw UsageError("--set applies to a scenario, not a session database");
    auto runs = scenario ? rooflinesOfScenario(args) : rooflinesOfDatabase(args);
    if (!runs) {
        io.err << "warpscope-cli: " << runs.error().toString() << '\n';
        return ExitBadInput;
    }
    if (args.flag("json")) {
        auto devices = nlohmann::json::array();
        for (const auto& run : *runs)
            devices.push_back(model::rooflineJson(run));
        io.out << nlohmann::json { { "devices", devices } }.dump(2) << '\n';
    } else {
        printText(*runs, io.out);
    }
    return ExitOk;
}

} // namespace

Command rooflineCommand()
{
    return Command {
        "roofline",
        "place each launch on its device's roofline (FLOP/s against FLOP per byte at L1, shared, L2 and DRAM), with "
        "its speed of light and memory chart",
        "roofline DB|SCENARIO.json [--run ID] [--device ID[,ID...]] [--set NAME=VALUE ...] [--json]",
        {
            { "run", "ID", "DB: the run to show (default: the latest complete run)", false },
            { "device", "ID[,ID...]", "SCENARIO: run it on each device (default: its own); DB: the latest run of each", false },
            { "set", "NAME=VALUE", "SCENARIO: override a parameter (repeatable)", true },
            { "json", "", "print one JSON document: {\"devices\": [{ceilings, launches: [{flops, points, "
                          "speed_of_light, memory_chart}]}]}", false },
        },
        runRoofline,
    };
}

} // namespace app::cli
