#include "model/store/sqlite_database.h"

#include "model/store/store_error.h"

#include <filesystem>
#include <sqlite3.h>
#include <utility>

namespace model {

engine::Result<SqliteDatabase> SqliteDatabase::open(const std::string& path, Mode mode)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return storeError(path, engine::ErrorCode::InvalidArgument, "is a directory, not a session database");
    const int flags = (mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        | SQLITE_OPEN_NOMUTEX;
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
    if (rc != SQLITE_OK) {
        sqlite3_close_v2(db);
        return storeError(path, rc, mode == Mode::ReadOnly ? "cannot open database" : "cannot create database");
    }
    sqlite3_extended_result_codes(db, 1);
    // A reader waits briefly for the writer's commit instead of failing with SQLITE_BUSY at once.
    sqlite3_busy_timeout(db, 2000);
    return SqliteDatabase(db, path);
}

SqliteDatabase::SqliteDatabase(sqlite3* db, std::string path)
    : m_db(db)
    , m_path(std::move(path))
{ }

SqliteDatabase::SqliteDatabase(SqliteDatabase&& other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
    , m_path(std::move(other.m_path))
{ }

SqliteDatabase& SqliteDatabase::operator=(SqliteDatabase&& other) noexcept
{
    if (this != &other) {
        sqlite3_close_v2(m_db);
        m_db = std::exchange(other.m_db, nullptr);
        m_path = std::move(other.m_path);
    }
    return *this;
}

SqliteDatabase::~SqliteDatabase()
{
    sqlite3_close_v2(m_db);
}

std::optional<engine::Error> SqliteDatabase::exec(const char* sql, std::string_view what) const
{
    const int rc = sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK)
        return error(rc, what);
    return std::nullopt;
}

engine::Result<std::int64_t> SqliteDatabase::queryInt(const char* sql, std::string_view what) const
{
    sqlite3_stmt* statement = nullptr;
    int rc = sqlite3_prepare_v2(m_db, sql, -1, &statement, nullptr);
    if (rc != SQLITE_OK)
        return error(rc, what);
    rc = sqlite3_step(statement);
    const std::int64_t value = rc == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : 0;
    sqlite3_finalize(statement);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return error(rc, what);
    return value;
}

engine::Error SqliteDatabase::error(int code, std::string_view what) const
{
    // SQLITE_ERROR alone reads "SQL logic error"; the connection's message names the table or column
    // ("no such table: launches"), which says what is wrong with a database someone edited.
    if ((code & 0xff) == SQLITE_ERROR && m_db)
        return storeError(m_path, engine::ErrorCode::ParseError,
            std::string(what) + ": not a complete warpscope database (" + sqlite3_errmsg(m_db) + ")");
    return storeError(m_path, code, what);
}

} // namespace model
