#include "model/store/run_cleanup.h"

#include "model/store/sqlite_database.h"
#include "model/store/sqlite_statement.h"

#include <cerrno>
#include <csignal>
#include <unistd.h>

#include <array>
#include <vector>

namespace model {

namespace {

constexpr std::array<const char*, 12> kDeletes = {
    "DELETE FROM callee_pc_counters WHERE launch_id IN (SELECT id FROM launches WHERE run_id = ?1)",
    "DELETE FROM printf_lines WHERE launch_id IN (SELECT id FROM launches WHERE run_id = ?1)",
    "DELETE FROM pc_counters WHERE launch_id IN (SELECT id FROM launches WHERE run_id = ?1)",
    "DELETE FROM warp_intervals WHERE launch_id IN (SELECT id FROM launches WHERE run_id = ?1)",
    "DELETE FROM interval_summary WHERE launch_id IN (SELECT id FROM launches WHERE run_id = ?1)",
    "DELETE FROM memory_requests WHERE launch_id IN (SELECT id FROM launches WHERE run_id = ?1)",
    "DELETE FROM request_lanes WHERE launch_id IN (SELECT id FROM launches WHERE run_id = ?1)",
    "DELETE FROM launches WHERE run_id = ?1",
    "DELETE FROM modules WHERE run_id = ?1",
    "DELETE FROM kernels WHERE run_id = ?1",
    "DELETE FROM stream_ops WHERE run_id = ?1",
    "DELETE FROM sweep_points WHERE run_id = ?1",
};

bool processIsGone(std::int64_t pid)
{
    // Signal 0 checks existence only. EPERM means it exists under another user: not gone.
    return pid <= 0 || (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH);
}

} // namespace

std::optional<engine::Error> deleteRun(SqliteDatabase& db, std::int64_t runId)
{
    for (const char* sql : kDeletes) {
        auto statement = SqliteStatement::prepare(db, sql);
        if (!statement)
            return statement.error();
        statement.value().bind(1, runId);
        if (const int rc = statement.value().run(); rc != SQLITE_DONE)
            return db.error(rc, "cannot delete an incomplete run");
    }
    auto statement = SqliteStatement::prepare(db, "DELETE FROM runs WHERE id = ?1");
    if (!statement)
        return statement.error();
    statement.value().bind(1, runId);
    if (const int rc = statement.value().run(); rc != SQLITE_DONE)
        return db.error(rc, "cannot delete an incomplete run");
    return std::nullopt;
}

std::optional<engine::Error> deleteAbandonedRuns(SqliteDatabase& db)
{
    auto query = SqliteStatement::prepare(db, "SELECT id, writer_pid FROM runs WHERE complete = 0");
    if (!query)
        return query.error();
    std::vector<std::int64_t> abandoned;
    int rc = SQLITE_ROW;
    while ((rc = query.value().step()) == SQLITE_ROW) {
        if (processIsGone(query->columnInt(1)))
            abandoned.push_back(query->columnInt(0));
    }
    if (rc != SQLITE_DONE)
        return db.error(rc, "cannot read the database");
    for (const auto runId : abandoned) {
        if (auto error = db.exec("BEGIN IMMEDIATE", "cannot delete an incomplete run"))
            return error;
        if (auto error = deleteRun(db, runId)) {
            sqlite3_exec(db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
            return error;
        }
        if (auto error = db.exec("COMMIT", "cannot delete an incomplete run"))
            return error;
    }
    return std::nullopt;
}

} // namespace model
