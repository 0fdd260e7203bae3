#pragma once

#include "model/store/schema_migration.h"

#include <cstdint>
#include <span>

namespace model {

/// 'WSTR' in the file header (PRAGMA application_id): tells a warpscope trace from any other SQLite file.
inline constexpr std::int64_t kTraceApplicationId = 0x57535452;

/// The trace store's real upgrade steps; version 0 is an empty file.
std::span<const SchemaMigration> traceStoreMigrations();

/// The schema version this build reads and writes.
std::int64_t traceStoreSchemaVersion();

} // namespace model
