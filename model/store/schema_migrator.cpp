#include "model/store/schema_migrator.h"

#include "model/store/sqlite_database.h"
#include "model/store/store_error.h"

#include <sqlite3.h>

#include <string>

namespace model {

namespace {

std::optional<engine::Error> applySteps(SqliteDatabase& db, std::span<const SchemaMigration> migrations,
    std::int64_t from)
{
    for (auto version = from; version < static_cast<std::int64_t>(migrations.size()); ++version) {
        const auto& step = migrations[static_cast<std::size_t>(version)];
        if (step.fromVersion != version) // a mis-ordered list is our bug, caught by the tests
            return storeError(db.path(), engine::ErrorCode::Unsupported,
                "internal error: schema step " + std::to_string(version) + " is out of order");
        if (auto error = db.exec(step.sql, "cannot upgrade the database schema"))
            return error;
    }
    const auto setVersion = "PRAGMA user_version = " + std::to_string(migrations.size());
    return db.exec(setVersion.c_str(), "cannot upgrade the database schema");
}

/// Inside the write transaction: re-reads the version (another process may have upgraded the file
/// meanwhile) and applies the missing steps.
std::optional<engine::Error> upgradeLocked(SqliteDatabase& db, std::span<const SchemaMigration> migrations)
{
    auto locked = db.queryInt("PRAGMA user_version", "cannot read the database");
    if (!locked)
        return locked.error();
    if (*locked >= static_cast<std::int64_t>(migrations.size()))
        return std::nullopt;
    return applySteps(db, migrations, *locked);
}

} // namespace

std::optional<engine::Error> migrateSchema(SqliteDatabase& db, std::span<const SchemaMigration> migrations)
{
    const auto target = static_cast<std::int64_t>(migrations.size());
    auto version = db.queryInt("PRAGMA user_version", "cannot read the database");
    if (!version)
        return version.error();
    if (*version > target)
        return storeError(db.path(), engine::ErrorCode::Unsupported,
            "database schema version " + std::to_string(*version) + " is newer than this warpscope reads ("
                + std::to_string(target) + "); open it with a newer warpscope");
    if (*version == target)
        return std::nullopt;
    // IMMEDIATE takes the write lock first, so two processes cannot both upgrade the same file.
    if (auto error = db.exec("BEGIN IMMEDIATE", "cannot upgrade the database schema"))
        return error;
    if (auto error = upgradeLocked(db, migrations)) {
        sqlite3_exec(db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
        return error;
    }
    return db.exec("COMMIT", "cannot upgrade the database schema");
}

} // namespace model
