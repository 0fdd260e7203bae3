// warpscope-cli trace DB [--run ID] -o FILE.json: a stored run's warp and stream timelines in the Chrome
// trace-event format, for Perfetto and chrome://tracing.
#include "app/cli/command_list.h"
#include "app/cli/stored_run.h"
#include "model/export/chrome_trace_writer.h"

#include <filesystem>
#include <fstream>
#include <ostream>

namespace app::cli {

namespace {

int runTrace(const ParsedArgs& args, CommandIo& io)
{
    if (args.positional().size() != 1)
        throw UsageError("trace takes one database file");
    const auto output = args.required("output");
    auto stored = openStoredRun(args.positional().front(), runOption(args));
    if (!stored) {
        io.err << "warpscope-cli: " << stored.error().toString() << '\n';
        return ExitBadInput;
    }
    // Write next to the target and rename at the end, so a failed export never leaves half a file
    // where a good one was.
    const std::filesystem::path target(output);
    auto partial = target;
    partial += ".partial";
    std::ofstream file(partial, std::ios::binary | std::ios::trunc);
    if (!file) {
        io.err << "warpscope-cli: " << output << ": cannot create the file\n";
        return ExitBadInput;
    }
    auto error = model::writeChromeTrace(stored->reader, stored->runId, file);
    file.close();
    std::error_code ignored;
    if (error || !file) {
        std::filesystem::remove(partial, ignored);
        io.err << "warpscope-cli: " << output << ": " << (error ? error->toString() : "cannot write the file") << '\n';
        return ExitBadInput;
    }
    std::error_code renamed;
    std::filesystem::rename(partial, target, renamed);
    if (renamed) {
        std::filesystem::remove(partial, ignored);
        io.err << "warpscope-cli: " << output << ": " << renamed.message() << '\n';
        return ExitBadInput;
    }
    return ExitOk;
}

} // namespace

Command traceCommand()
{
    return Command {
        "trace",
        "write a stored run's warp and stream timelines as Chrome trace-event JSON (Perfetto)",
        "trace DB [--run ID] -o FILE.json",
        {
            { "run", "ID", "the run to export (default: the latest complete run)", false },
            { "output", "FILE", "the JSON file to write", false, 'o' },
        },
        runTrace,
    };
}

} // namespace app::cli
