#pragma once

#include "app/cli/arg_parser.h"
#include "engine/common/result.h"
#include "model/store/trace_reader.h"

#include <cstdint>
#include <optional>
#include <string>

namespace app::cli {

/// A session database opened for reading and the run a command works on.
struct StoredRun {
    model::TraceReader reader;
    std::int64_t runId = 0;
};

/// Opens `dbPath` and picks run `runId`, or the latest complete run when none is given (DESIGN.md: `--run`
/// defaults to the latest complete run). Errors name the file: not a trace, no complete run, no such run.
engine::Result<StoredRun> openStoredRun(const std::string& dbPath, std::optional<std::int64_t> runId);

/// The `--run ID` option of the commands that read one stored run.
std::optional<std::int64_t> runOption(const ParsedArgs& args);

} // namespace app::cli
