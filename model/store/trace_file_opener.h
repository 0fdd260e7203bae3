#pragma once

#include "model/store/sqlite_database.h"

#include <cstdint>
#include <string>

namespace model {

/// Opens a trace file for the writer: creates it or upgrades its schema, switches it to WAL and checks
/// that an existing file is a warpscope trace (never adds tables to someone else's database).
/// `maxPageCount` > 0 caps the file's size in pages (a full disk, for tests). Runs on the writer thread.
engine::Result<SqliteDatabase> openTraceForWriting(const std::string& path, std::int64_t maxPageCount = 0);

/// Opens an existing trace file read-only for queries, checking that it is a warpscope trace of a schema
/// version this build reads. Runs on the thread that will query it.
engine::Result<SqliteDatabase> openTraceForReading(const std::string& path);

} // namespace model
