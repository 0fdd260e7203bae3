// warpscope-cli run SCENARIO.json [--device ID] [--set NAME=VALUE ...] [--dump NAME=FILE ...] [-I DIR ...]
//     [-D NAME=VALUE ...] [--nvcc-flag F ...] [--db FILE] [--json]
#include "app/cli/command_list.h"
#include "app/cli/database_target.h"
#include "app/cli/device_loading.h"
#include "app/cli/nvcc_options.h"
#include "app/cli/param_overrides.h"
#include "app/cli/run_progress_line.h"
#include "app/cli/run_report_json.h"
#include "app/cli/text_table.h"

#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "engine/timing/timed_executor.h"

#ifdef WARPSCOPE_CLI_HAS_STORE
#include "model/store/run_recorder.h"
#endif

#include <fstream>
#include <iostream>
#include <optional>
#include <unistd.h>

namespace app::cli {

namespace {

void writeDumps(const ParsedArgs& args, const engine::RunReport& report)
{
    for (const auto& text : args.values("dump")) {
        const auto eq = text.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
            throw UsageError("--dump " + text + ": expected NAME=FILE");
        const auto name = text.substr(0, eq);
        const auto named = [&](const auto& b) { return b.name == name; };
        // A buffer of the scenario, else a __constant__/__device__ variable of its module (cudaMemcpyFromSymbol).
        const engine::BufferImage* image = nullptr;
        if (auto b = std::find_if(report.buffers.begin(), report.buffers.end(), named); b != report.buffers.end())
            image = &*b;
        else if (auto s = std::find_if(report.symbols.begin(), report.symbols.end(), named); s != report.symbols.end())
            image = &*s;
        if (!image)
            throw UsageError("--dump " + text + ": the scenario has no buffer and its module no symbol '" + name + "'");
        std::ofstream out(text.substr(eq + 1), std::ios::binary);
        out.write(reinterpret_cast<const char*>(image->bytes.data()), static_cast<std::streamsize>(image->bytes.size()));
        if (!out)
            throw UsageError("--dump " + text + ": cannot write " + text.substr(eq + 1));
    }
}

/// Device printf output, launch by launch, as a CUDA program's stdout shows it.
void printDeviceOutput(const engine::RunReport& report, std::ostream& out)
{
    for (const auto& l : report.launches) {
        for (const auto& line : l.printf)
            out << line.text;
        if (l.printfDropped > 0)
            out << "[" << l.kernel << ": " << l.printfDropped
                << " printf lines overwritten: the 1 MB printf buffer (cudaLimitPrintfFifoSize) was full]\n";
    }
}

void printText(const engine::RunReport& report, std::ostream& out)
{
    printDeviceOutput(report, out);
    out << report.scenarioName << " on " << report.device << '\n';
    TextTable table({ "kernel", "grid", "block", "warp instr", "ld req", "ld sectors", "st req", "st sectors",
        "smem wavefronts", "time us" });
    for (const auto& l : report.launches) {
        const auto& m = l.outcome.memory;
        table.addRow({ l.kernel, std::to_string(l.grid[0]) + "x" + std::to_string(l.grid[1]) + "x" + std::to_string(l.grid[2]),
            std::to_string(l.block[0]) + "x" + std::to_string(l.block[1]) + "x" + std::to_string(l.block[2]),
            std::to_string(l.outcome.stats.warpInstructions), std::to_string(m.globalLoadRequests),
            std::to_string(m.globalLoadSectors), std::to_string(m.globalStoreRequests), std::to_string(m.globalStoreSectors),
            std::to_string(m.sharedLoadWavefronts + m.sharedStoreWavefronts),
            l.outcome.timeUs ? std::to_string(*l.outcome.timeUs) : "-" });
    }
    table.print(out);
    for (const auto& l : report.launches) {
        if (l.outcome.sampled && l.outcome.simulatedBlocks)
            out << l.kernel << ": sampled, " << *l.outcome.simulatedBlocks << " of " << l.outcome.stats.blocks
                << " blocks simulated, the rest extrapolated from the steady rate\n";
    }
}

int runRun(const ParsedArgs& args, CommandIo& io)
{
    if (args.positional().size() != 1)
        throw UsageError("expected one scenario file");
    const auto overrides = parseOverrides(args);
    const auto budget = args.integer("budget", 1, INT64_MAX, 2'000'000'000);
    if (const auto db = args.value("db"); db && databaseTargetProblem(*db))
        throw UsageError(*databaseTargetProblem(*db));
    const auto catalog = loadCatalogOrReport(io.err);
    if (!catalog)
        return ExitBadInput;
    auto prepared = engine::prepareScenario(
        args.positional().front(), args.value("device").value_or(""), overrides, *catalog, parseNvccOptions(args));
    if (!prepared)
        throw UsageError(prepared.error().toString());
    // The timing model gives each launch its duration; --functional runs the kernels without it (faster).
    // --sample stops a launch once its block throughput is steady and extrapolates (timed_launch.h); the
    // blocks it skipped never write their outputs, so there is nothing complete to dump.
    if (args.flag("sample") && !args.values("dump").empty())
        throw UsageError("--dump needs every block's output; drop --sample");
    const auto threads = static_cast<unsigned>(args.integer("threads", 0, 1024, 0));
    std::unique_ptr<engine::KernelExecutor> executor;
    if (args.flag("functional")) {
        executor = std::make_unique<engine::FunctionalExecutor>();
    } else {
        engine::timing::TimingOptions timing;
        timing.sampling.enabled = args.flag("sample");
        timing.threads = threads;
        executor = std::make_unique<engine::timing::TimedExecutor>(timing);
    }
    engine::RunOptions options;
    options.threads = threads; // buffers filled and copied on as many threads as the launches use
    options.instructionBudget = static_cast<std::uint64_t>(budget);
    // A long run shows where it is, on a terminal only: redirected stderr keeps its one-line errors.
    std::optional<RunProgressLine> progressLine;
    if (&io.err == &std::cerr && ::isatty(STDERR_FILENO)) {
        progressLine.emplace(io.err);
        options.progress = [&progressLine](const engine::RunProgress& p) { progressLine->update(p); };
    }
    const auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, *executor, options);
    if (progressLine)
        progressLine->finish();
    if (!report)
        throw UsageError(report.error().toString());
    writeDumps(args, *report);
    std::optional<std::int64_t> runId;
    if (const auto db = args.value("db")) {
#ifdef WARPSCOPE_CLI_HAS_STORE
        auto stored = model::recordScenarioRun(*db, *report, *prepared);
        if (!stored) {
            io.err << "warpscope-cli: " << stored.error().toString() << '\n';
            return ExitBadInput;
        }
        runId = *stored;
#else
        throw UsageError("--db needs the trace store, which this build leaves out (WARPSCOPE_BUILD_GUI=OFF)");
#endif
    }
    if (args.flag("json")) {
        auto json = runReportJson(*report);
        if (runId) {
            json["db"] = *args.value("db");
            json["db_run_id"] = *runId;
        }
        io.out << json.dump(2) << '\n';
    } else {
        printText(*report, io.out);
        if (runId)
            io.out << "recorded as run " << *runId << " in " << *args.value("db") << '\n';
    }
    return ExitOk;
}

} // namespace

Command runCommand()
{
    return Command {
        "run",
        "run a scenario on a modeled device and report each launch's counters",
        "run SCENARIO.json [--device ID] [--set NAME=VALUE ...] [--dump NAME=FILE ...] [-I DIR ...] [-D NAME=VALUE ...] "
        "[--nvcc-flag F ...] [--sample] [--threads N] [--db FILE] [--json]",
        withNvccOptions({
            { "device", "ID", "device profile id (default: the scenario's device, else h100)", false },
            { "set", "NAME=VALUE", "override a scenario parameter (repeatable)", true },
            { "dump", "NAME=FILE",
                "write buffer NAME's (or module variable NAME's) final bytes to FILE, little-endian (repeatable)", true },
            { "budget", "N", "warp instructions allowed per launch before it is stopped (default 2e9)", false },
            { "functional", "", "run kernels without the timing model (no time, cycles or bandwidth)", false },
            { "sample", "", "time large grids by sampling: once block throughput is steady, extrapolate the rest "
                            "(launches say \"sampled\"; outputs incomplete, so no --dump)", false },
            { "threads", "N", "host threads per timed launch and for filling and copying large buffers (default: one per "
                              "hardware thread it may use; results are the same for every N)", false },
            { "db", "FILE", "append the run to this session database (created when missing)", false },
            { "json", "", "print one JSON document", false },
        }),
        runRun,
    };
}

} // namespace app::cli
