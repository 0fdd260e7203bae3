#include "app/cli/stored_run.h"


#include <algorithm>
#include <limits>

namespace app::cli {

engine::Result<StoredRun> openStoredRun(const std::string& dbPath, std::optional<std::int64_t> runId)
{
    auto reader = model::TraceReader::open(dbPath);
    if (!reader)
        return reader.error();
    const auto where = engine::SourceLocation::inFile(dbPath);
    if (!runId) {
        auto latest = reader->latestRunId();
        if (!latest)
            return latest.error();
        if (!latest.value())
            return engine::Error { engine::ErrorCode::NotFound, "the database holds no complete run", where };
        return StoredRun { std::move(reader).value(), *latest.value() };
    }
    auto runs = reader->runs();
    if (!runs)
        return runs.error();
    const bool known = std::any_of(runs->begin(), runs->end(), [&](const model::RunRow& run) { return run.id == *runId; });
    if (!known)
        return engine::Error { engine::ErrorCode::NotFound,
            "no complete run with id " + std::to_string(*runId) + " (warpscope-cli runs lists them)", where };
    return StoredRun { std::move(reader).value(), *runId };
}

std::optional<std::int64_t> runOption(const ParsedArgs& args)
{
    if (!args.value("run"))
        return std::nullopt;
    return args.integer("run", 1, std::numeric_limits<std::int64_t>::max(), std::nullopt);
}

} // namespace app::cli
