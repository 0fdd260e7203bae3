#include "model/store/trace_file_opener.h"

#include "model/store/run_cleanup.h"
#include "model/store/schema_migrator.h"
#include "model/store/store_error.h"
#include "model/store/trace_schema.h"

#include <string>

namespace model {

namespace {

engine::Error notOurs(const std::string& path, bool empty)
{
    return storeError(path, engine::ErrorCode::ParseError,
        empty ? "not a warpscope database (an empty file)" : "not a warpscope database (an SQLite file of another program)");
}

/// Reading the header and the schema is what makes SQLite notice a file that is not a database.
std::optional<engine::Error> checkOurs(SqliteDatabase& db, bool emptyAllowed)
{
    auto applicationId = db.queryInt("PRAGMA application_id", "cannot read the database");
    if (!applicationId)
        return applicationId.error();
    auto tables = db.queryInt("SELECT count(*) FROM sqlite_master", "cannot read the database");
    if (!tables)
        return tables.error();
    if (*applicationId == kTraceApplicationId)
        return std::nullopt;
    if (*applicationId == 0 && *tables == 0 && emptyAllowed)
        return std::nullopt;
    return notOurs(db.path(), *tables == 0);
}

std::optional<engine::Error> configureWriter(SqliteDatabase& db, std::int64_t maxPageCount)
{
    // WAL: readers keep reading while a run is written; NORMAL sync is crash-safe for the application
    // (a kill -9 loses nothing committed), only an OS crash may lose the last commits.
    if (auto error = db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;", "cannot set up the database"))
        return error;
    if (maxPageCount > 0) {
        const auto pragma = "PRAGMA max_page_count = " + std::to_string(maxPageCount);
        if (auto error = db.exec(pragma.c_str(), "cannot set up the database"))
            return error;
    }
    return std::nullopt;
}

std::optional<engine::Error> stampNewFile(SqliteDatabase& db)
{
    const auto sql = "PRAGMA application_id = " + std::to_string(kTraceApplicationId)
        + "; INSERT INTO sessions (created_at, tool_version) SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), '"
        + std::string(WARPSCOPE_VERSION) + "' WHERE NOT EXISTS (SELECT 1 FROM sessions);";
    return db.exec(sql.c_str(), "cannot set up the database");
}

} // namespace

engine::Result<SqliteDatabase> openTraceForWriting(const std::string& path, std::int64_t maxPageCount)
{
    auto db = SqliteDatabase::open(path, SqliteDatabase::Mode::ReadWriteCreate);
    if (!db)
        return db.error();
    std::optional<engine::Error> error = checkOurs(db.value(), true);
    // The schema first: a file of a newer version is refused before anything (even WAL) changes it.
    if (!error)
        error = migrateSchema(db.value(), traceStoreMigrations());
    if (!error)
        error = configureWriter(db.value(), maxPageCount);
    if (!error)
        error = stampNewFile(db.value());
    if (!error)
        error = deleteAbandonedRuns(db.value());
    if (error)
        return *error;
    return std::move(db).value();
}

namespace {

/// A file of an older schema: upgraded in place (the migrations keep every row), then opened for reading.
engine::Result<SqliteDatabase> upgradeThenRead(const std::string& path, std::int64_t version)
{
    {
        auto db = SqliteDatabase::open(path, SqliteDatabase::Mode::ReadWriteCreate);
        std::optional<engine::Error> error = db ? migrateSchema(db.value(), traceStoreMigrations()) : db.error();
        if (error)
            return storeError(path, engine::ErrorCode::Unsupported,
                "database schema version " + std::to_string(version) + " is older than this warpscope reads and cannot be "
                    "upgraded here (" + error->message + ")");
    }
    return openTraceForReading(path);
}

} // namespace

engine::Result<SqliteDatabase> openTraceForReading(const std::string& path)
{
    auto db = SqliteDatabase::open(path, SqliteDatabase::Mode::ReadOnly);
    if (!db)
        return db.error();
    if (auto error = checkOurs(db.value(), false))
        return *error;
    auto version = db->queryInt("PRAGMA user_version", "cannot read the database");
    if (!version)
        return version.error();
    const auto current = traceStoreSchemaVersion();
    if (*version > current)
        return storeError(path, engine::ErrorCode::Unsupported,
            "database schema version " + std::to_string(*version) + " is newer than this warpscope reads ("
                + std::to_string(current) + "); open it with a newer warpscope");
    if (*version < current)
        return upgradeThenRead(path, *version);
    return std::move(db).value();
}

} // namespace model
