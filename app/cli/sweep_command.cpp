// warpscope-cli sweep SCENARIO.json --param NAME=FROM:TO[:STEP] --device ID[,ID...] --csv|--json
#include "app/cli/allocator_tuning.h"
#include "app/cli/command_list.h"
#include "app/cli/database_target.h"
#include "app/cli/device_loading.h"
#include "app/cli/param_overrides.h"
#include "app/cli/run_report_json.h"
#include "app/cli/sweep_recording.h"
#include "engine/common/host_cores.h"
#include "engine/host/kernel_executor.h"
#include "engine/host/sweep.h"
#include "engine/timing/timed_executor.h"


#include <iostream>
#include <sstream>
#include <unistd.h>

namespace app::cli {

namespace {

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> items;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
        if (item.empty())
            throw UsageError("--device " + text + ": empty device id");
        items.push_back(item);
    }
    return items;
}

/// CSV columns: the sweep point, then the launch's keys in `run --json` order.
const std::vector<std::string> kColumns = {"kernel", "time_us", "effective_bandwidth_gbps", "achieved_occupancy",
    "theoretical_occupancy", "global_load_requests", "global_load_sectors", "global_load_transactions",
    "global_store_requests", "global_store_sectors", "global_store_transactions", "global_load_efficiency",
    "global_store_efficiency", "shared_load_wavefronts", "shared_store_wavefronts", "dram_bytes_read",
    "dram_bytes_write", "warp_instructions", "sampled", "simulated_blocks", "cycles"};

std::string csvCell(const nlohmann::json& value)
{
    if (value.is_null())
        return "";
    return value.is_string() ? value.get<std::string>() : value.dump();
}

void printCsv(const std::vector<engine::SweepRun>& points, const std::string& param, std::ostream& out)
{
    out << "device," << param << ",launch";
    for (const auto& column : kColumns)
        out << ',' << column;
    out << '\n';
    for (const auto& point : points) {
        for (std::size_t i = 0; i < point.report.launches.size(); ++i) {
            const auto launch = launchJson(point.report.launches[i]);
            out << point.device << ',' << point.value << ',' << i;
            for (const auto& column : kColumns)
                out << ',' << csvCell(launch[column]);
            out << '\n';
        }
    }
}

int runSweepCommand(const ParsedArgs& args, CommandIo& io)
{
    if (args.positional().size() != 1)
        throw UsageError("expected one scenario file");
    const auto range = engine::parseSweepRange(args.required("param"));
    if (!range)
        throw UsageError(range.error().message);
    const auto devices = splitList(args.required("device"));
    if (const auto db = args.value("db"); db && databaseTargetProblem(*db))
        throw UsageError(*databaseTargetProblem(*db));
    if (args.flag("csv") == args.flag("json"))
        throw UsageError("choose one output format: --csv or --json");
    const auto catalog = loadCatalogOrReport(io.err);
    if (!catalog)
        return ExitBadInput;
    for (const auto& id : devices) {
        if (const auto profile = catalog->get(id); !profile)
            throw UsageError(profile.error().message);
    }
    engine::SweepOptions options;
    options.threads = static_cast<unsigned>(args.integer("threads", 0, 1024, 0));
    options.instructionBudget = static_cast<std::uint64_t>(args.integer("budget", 1, INT64_MAX, 2'000'000'000));
    options.overrides = parseOverrides(args);
    const bool functional = args.flag("functional");
    // Sampled by default: a point needs its time and counters, not its output buffers, and large grids reach
    // a steady block throughput after a few waves (steady_state_detector.h). --exact runs every block.
    engine::timing::TimingOptions timing;
    timing.sampling.enabled = !args.flag("exact");
    timing.threads = 1; // the points already keep every worker busy
    // The workers' launches run at once: they share the bound on trace memory.
    timing.traceBytesLimit = engine::timing::defaultTraceBytesLimit(
        options.threads ? options.threads : engine::usableCores());
    options.makeExecutor = [functional, timing]() -> std::unique_ptr<engine::KernelExecutor> {
        if (functional)
            return std::make_unique<engine::FunctionalExecutor>();
        return std::make_unique<engine::timing::TimedExecutor>(timing);
    };
    // A long sweep shows where it is, on a terminal only: redirected stderr keeps its one-line errors.
    if (&io.err == &std::cerr && ::isatty(STDERR_FILENO))
        options.progress = [&io](std::size_t done, std::size_t total, const std::string& point) {
            io.err << "\r" << done << '/' << total << ' ' << point << "\x1b[K" << (done == total ? "\n" : "")
                   << std::flush;
        };
    keepFreedMemoryForReuse();
    const std::size_t planned = devices.size() * range->values().size();
    // Each point is committed as it finishes: a sweep that fails or is killed keeps what it finished.
    std::unique_ptr<SweepRecording> recording;
    if (const auto db = args.value("db")) {
        auto opened = SweepRecording::open(
            *db, args.positional().front(), *range, **catalog->get(devices.front()), planned);
        if (!opened) {
            io.err << "warpscope-cli: " << opened.error().toString() << '\n';
            return ExitBadInput;
        }
        recording = std::move(opened).value();
        recording->attach(options);
    }
    const auto points = engine::runSweep(args.positional().front(), *range, devices, *catalog, options);
    if (recording)
        recording->describe(io.err);
    if (recording && recording->error()) {
        io.err << "warpscope-cli: " << recording->error()->toString() << '\n';
        return ExitBadInput;
    }
    if (!points)
        throw UsageError(points.error().toString());
    if (args.flag("csv")) {
        printCsv(*points, range->param, io.out);
        return ExitOk;
    }
    auto array = nlohmann::json::array();
    for (const auto& point : *points)
        array.push_back({{"device", point.device}, {"value", point.value}, {"run", runReportJson(point.report)}});
    io.out << nlohmann::json {{"param", range->param}, {"points", array}}.dump(2) << '\n';
    return ExitOk;
}

} // namespace

Command sweepCommand()
{
    return Command {
        "sweep",
        "run a scenario over a parameter range on several devices, points in parallel",
        "sweep SCENARIO.json --param NAME=FROM:TO[:STEP] --device ID[,ID...] [--set NAME=VALUE ...] --csv|--json "
        "[--exact] [--threads N] [--budget N] [--db FILE]",
        {
            {"param", "NAME=FROM:TO[:STEP]", "the parameter to sweep, inclusive range", false},
            {"device", "ID[,ID...]", "device profile ids, comma-separated", false},
            {"threads", "N", "worker threads (default: one per hardware thread it may use)", false},
            {"budget", "N", "warp instructions allowed per launch before it is stopped (default 2e9)", false},
            {"functional", "", "run kernels without the timing model (no time or bandwidth)", false},
            {"exact", "",
                "simulate every block of every launch; by default a launch whose block throughput is "
                "steady (two spans of four waves agree within 1 %) stops there and is extrapolated (column "
                "\"sampled\")",
                false},
            {"csv", "", "one CSV row per point and launch", false},
            {"json", "", "one JSON document", false},
            {"set", "NAME=VALUE", "override another scenario parameter at every point (repeatable)", true},
            {"db", "FILE",
                "also record the sweep as a run of this session database, each point committed as it finishes", false},
        },
        runSweepCommand,
    };
}

} // namespace app::cli
