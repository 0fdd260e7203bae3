#pragma once

#include "model/store/schema_migration.h"

#include <optional>
#include <span>

namespace engine {
struct Error;
}

namespace model {

class SqliteDatabase;

/// Brings `db` to version `migrations.size()` (PRAGMA user_version), applying the steps from the file's
/// version on in one transaction, so a failed step leaves the file at its old version. A file whose
/// version is newer than the list knows is refused untouched, with a message naming it. Runs on the
/// thread that owns `db`.
std::optional<engine::Error> migrateSchema(SqliteDatabase& db, std::span<const SchemaMigration> migrations);

} // namespace model
