#include "model/store/sqlite_database.h"

#include "model/store/store_error.h"

#include <filesystem>
#include <sqlite3.h>
#include <unistd.h>
#include <utility>

namespace model {

namespace {

/// A URI naming `path` (sqlite.org/uri.html: '?', '#' and '%' are percent-encoded).
std::string fileUri(const std::string& path)
{
    std::string uri = "file:";
    for (const char c : path) {
        if (c == '?' || c == '#' || c == '%') {
            static constexpr char kHex[] = "0123456789ABCDEF";
            uri += '%';
            uri += kHex[(static_cast<unsigned char>(c) >> 4) & 0xF];
            uri += kHex[static_cast<unsigned char>(c) & 0xF];
        } else {
            uri += c;
        }
    }
    return uri;
}

/// A WAL database is read through its -shm index, which a reader creates beside the file. Where it cannot (a
/// folder without write permission, a read-only mount) and no writer has left a -wal file, no one can be
/// writing the file either: it is read as an immutable snapshot (sqlite.org/uri.html, "immutable").
bool readAsSnapshot(const std::string& path)
{
    const auto folder = std::filesystem::absolute(path).parent_path();
    std::error_code ec;
    return ::access(folder.c_str(), W_OK) != 0 && !std::filesystem::exists(path + "-wal", ec);
}

} // namespace

engine::Result<SqliteDatabase> SqliteDatabase::open(const std::string& path, Mode mode)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return storeError(path, engine::ErrorCode::InvalidArgument, "is a directory, not a session database");
    if (mode == Mode::ReadOnly && readAsSnapshot(path))
        mode = Mode::ReadOnlySnapshot;
    const int flags = (mode == Mode::ReadWriteCreate ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY)
        | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI;
    const auto name = mode == Mode::ReadOnlySnapshot ? fileUri(path) + "?immutable=1" : fileUri(path);
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(name.c_str(), &db, flags, nullptr);
    if (rc != SQLITE_OK) {
        sqlite3_close_v2(db);
        return storeError(path, rc, mode == Mode::ReadWriteCreate ? "cannot create database" : "cannot open database");
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
