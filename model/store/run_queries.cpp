#include "model/store/run_queries.h"

#include "model/store/query_rows.h"
#include "model/store/store_error.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace model {

namespace {

constexpr const char* kRunColumns = "SELECT r.id, r.date, r.tool_version, r.device_id, r.device_name, r.scenario_path,"
                                    " r.parameters_json, r.sampling, r.total_time_us,"
                                    " (SELECT count(*) FROM launches l WHERE l.run_id = r.id),"
                                    " r.device_json, r.scenario_text,"
                                    " (SELECT count(*) FROM sweep_points p WHERE p.run_id = r.id),"
                                    " (SELECT count(DISTINCT p.device_id) FROM sweep_points p WHERE p.run_id = r.id),"
                                    " r.sweep_points_planned"
                                    " FROM runs r WHERE r.complete = 1";

/// Parameters are stored as a JSON object; a file edited by hand may hold anything, so bad JSON reads as none.
std::vector<std::pair<std::string, std::int64_t>> parseParameters(const std::string& text)
{
    std::vector<std::pair<std::string, std::int64_t>> parameters;
    const auto json = nlohmann::json::parse(text, nullptr, false);
    if (!json.is_object())
        return parameters;
    for (const auto& [name, value] : json.items()) {
        if (value.is_number_integer())
            parameters.emplace_back(name, value.get<std::int64_t>());
    }
    return parameters;
}

RunRow runRow(const SqliteStatement& s)
{
    return RunRow { s.columnInt(0), s.columnText(1), s.columnText(2), s.columnText(3), s.columnText(4),
        s.columnText(5), parseParameters(s.columnText(6)), s.columnText(7), s.columnDouble(8), s.columnInt(9),
        s.columnInt(12), s.columnInt(13), std::max(s.columnInt(14), s.columnInt(12)) };
}

template <typename T>
T narrow(std::int64_t value)
{
    return static_cast<T>(value);
}

engine::Result<std::vector<engine::ModuleRecord>> queryModules(const SqliteDatabase& db, std::int64_t runId)
{
    return collectRows<engine::ModuleRecord>(db,
        "SELECT module_index, path, ptx_text, cuda_source FROM modules WHERE run_id = ?1 ORDER BY module_index", runId,
        [](const SqliteStatement& s) {
            return engine::ModuleRecord { engine::ModuleId(narrow<std::uint32_t>(s.columnInt(0))), s.columnText(1),
                s.columnText(2), s.columnText(3) };
        });
}

engine::Result<std::vector<engine::KernelRecord>> queryKernels(const SqliteDatabase& db, std::int64_t runId)
{
    return collectRows<engine::KernelRecord>(db,
        "SELECT kernel_index, module_index, name, mangled_name, registers_per_thread, static_shared_bytes,"
        " instruction_count, registers_source FROM kernels WHERE run_id = ?1 ORDER BY kernel_index",
        runId, [](const SqliteStatement& s) {
            return engine::KernelRecord { engine::KernelId(narrow<std::uint32_t>(s.columnInt(0))),
                engine::ModuleId(narrow<std::uint32_t>(s.columnInt(1))), s.columnText(2), s.columnText(3),
                narrow<std::uint32_t>(s.columnInt(4)), narrow<std::uint32_t>(s.columnInt(5)),
                narrow<std::uint32_t>(s.columnInt(6)), s.columnText(7) };
        });
}

} // namespace

engine::Result<std::vector<RunRow>> queryRuns(const SqliteDatabase& db)
{
    auto statement = SqliteStatement::prepare(db, std::string(kRunColumns) + " ORDER BY r.id");
    if (!statement)
        return statement.error();
    std::vector<RunRow> runs;
    if (auto error = forEachRow(db, statement.value(), [&](const SqliteStatement& s) { runs.push_back(runRow(s)); }))
        return *error;
    return runs;
}

engine::Result<RunDetail> queryRunDetail(const SqliteDatabase& db, std::int64_t runId)
{
    auto details = collectRows<RunDetail>(db, std::string(kRunColumns) + " AND r.id = ?1", runId,
        [](const SqliteStatement& s) { return RunDetail { runRow(s), s.columnText(10), s.columnText(11), {}, {} }; });
    if (!details)
        return details.error();
    if (details->empty())
        return storeError(db.path(), engine::ErrorCode::NotFound, "no complete run " + std::to_string(runId));
    auto detail = std::move(details.value().front());
    auto modules = queryModules(db, runId);
    if (!modules)
        return modules.error();
    detail.modules = std::move(modules).value();
    auto kernels = queryKernels(db, runId);
    if (!kernels)
        return kernels.error();
    detail.kernels = std::move(kernels).value();
    return detail;
}

engine::Result<std::vector<engine::StreamOp>> queryStreamOps(const SqliteDatabase& db, std::int64_t runId)
{
    return collectRows<engine::StreamOp>(db,
        "SELECT o.stream, o.kind, o.name, o.start_us, o.end_us, o.bytes, o.launch_index FROM stream_ops o"
        " JOIN runs r ON r.id = o.run_id WHERE o.run_id = ?1 AND r.complete = 1 ORDER BY o.start_us, o.id",
        runId, [](const SqliteStatement& s) {
            engine::StreamOp op { engine::StreamId(narrow<std::int32_t>(s.columnInt(0))),
                static_cast<engine::StreamOpKind>(s.columnInt(1)), s.columnText(2), s.columnDouble(3),
                s.columnDouble(4), static_cast<std::uint64_t>(s.columnInt(5)), std::nullopt };
            if (!s.columnIsNull(6))
                op.launch = engine::LaunchId(narrow<std::uint32_t>(s.columnInt(6)));
            return op;
        });
}

engine::Result<std::vector<engine::SweepPoint>> querySweepPoints(const SqliteDatabase& db, std::int64_t runId)
{
    return collectRows<engine::SweepPoint>(db,
        "SELECT p.point_index, p.device_id, p.parameters_json, p.total_time_us, p.effective_bandwidth_gbps,"
        " p.simulated_share FROM sweep_points p JOIN runs r ON r.id = p.run_id WHERE p.run_id = ?1 AND r.complete = 1"
        " ORDER BY p.point_index",
        runId, [](const SqliteStatement& s) {
            return engine::SweepPoint { narrow<std::uint32_t>(s.columnInt(0)), s.columnText(1),
                parseParameters(s.columnText(2)), s.columnDouble(3), s.columnDouble(4), s.columnDouble(5) };
        });
}

} // namespace model
