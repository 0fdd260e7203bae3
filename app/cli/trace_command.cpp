// warpscope-cli trace DB [--run ID] -o FILE.json: a stored run's warp and stream timelines in the Chrome
// trace-event format, for Perfetto and chrome://tracing.
#include "app/cli/atomic_output.h"
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
    const std::filesystem::path output = args.required("output");
    auto stored = openStoredRun(args.positional().front(), runOption(args));
    if (!stored) {
        io.err << "warpscope-cli: " << stored.error().toString() << '\n';
        return ExitBadInput;
    }
    const auto target = resolveOutputTarget(output, args.positional().front());
    if (target.path.empty()) {
        io.err << "warpscope-cli: " << target.problem << '\n';
        return ExitBadInput;
    }
    const auto error
        = writeAtomically(target.path, [&](const std::filesystem::path& partial) -> std::optional<std::string> {
              std::ofstream file(partial, std::ios::binary | std::ios::trunc);
              if (!file)
                  return "cannot create the file";
              auto written = model::writeChromeTrace(stored->reader, stored->runId, file);
              file.close();
              if (written)
                  return written->toString();
              if (!file)
                  return "cannot write the file";
              return std::nullopt;
          });
    if (error) {
        io.err << "warpscope-cli: " << *error << '\n';
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
            {"run", "ID", "the run to export (default: the latest complete run)", false},
            {"output", "FILE", "the JSON file to write", false, 'o'},
        },
        runTrace,
    };
}

} // namespace app::cli
