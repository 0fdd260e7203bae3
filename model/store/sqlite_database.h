#pragma once

#include "engine/common/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;

namespace model {

/// One SQLite connection to a trace file, closed on destruction. Used by one thread at a time
/// (SQLite's multi-thread mode): the writer's connection lives on the writer thread, each reader's on
/// the worker that queries it.
class SqliteDatabase {
public:
    /// ReadOnly reads a database others may be writing; where its folder cannot be written (so the WAL index
    /// cannot be made) and no writer left a -wal file, it becomes ReadOnlySnapshot: the file read as immutable.
    enum class Mode { ReadOnly, ReadOnlySnapshot, ReadWriteCreate };

    /// Opens (and for ReadWriteCreate creates) `path`. SQLite reads nothing yet: a file that is not a
    /// database is only noticed by the first statement, which the openers run at once.
    static engine::Result<SqliteDatabase> open(const std::string& path, Mode mode);

    SqliteDatabase(SqliteDatabase&& other) noexcept;
    SqliteDatabase& operator=(SqliteDatabase&& other) noexcept;
    SqliteDatabase(const SqliteDatabase&) = delete;
    SqliteDatabase& operator=(const SqliteDatabase&) = delete;
    ~SqliteDatabase();

    sqlite3* handle() const { return m_db; }
    const std::string& path() const { return m_path; }

    /// Runs one or more statements without results; `what` names the step in the error message.
    std::optional<engine::Error> exec(const char* sql, std::string_view what) const;
    /// The integer result of a single-value query such as "PRAGMA user_version".
    engine::Result<std::int64_t> queryInt(const char* sql, std::string_view what) const;
    /// The error for SQLite result code `code` while doing `what`, naming this file.
    engine::Error error(int code, std::string_view what) const;

private:
    SqliteDatabase(sqlite3* db, std::string path);

    sqlite3* m_db = nullptr;
    std::string m_path;
};

} // namespace model
