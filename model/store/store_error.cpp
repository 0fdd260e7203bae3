#include "model/store/store_error.h"

#include <sqlite3.h>

namespace model {

namespace {

std::string reasonFor(int code)
{
    switch (code & 0xff) {
    case SQLITE_NOTADB:
        return "not a warpscope database (the file is not SQLite)";
    case SQLITE_CORRUPT:
        return "the database file is corrupt or truncated";
    case SQLITE_FULL:
        return "the disk (or the database's size limit) is full";
    case SQLITE_READONLY:
        return "the database or its folder is read-only";
    case SQLITE_CANTOPEN:
        return "cannot open the file (missing folder, no permission or read-only location)";
    case SQLITE_PERM:
    case SQLITE_AUTH:
        return "permission denied";
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return "the database is locked by another program";
    default:
        return sqlite3_errstr(code);
    }
}

engine::ErrorCode codeFor(int code)
{
    switch (code & 0xff) {
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
        return engine::ErrorCode::ParseError;
    case SQLITE_CANTOPEN:
        return engine::ErrorCode::NotFound;
    default:
        return engine::ErrorCode::IoError;
    }
}

} // namespace

engine::Error storeError(const std::string& path, int sqliteCode, std::string_view what)
{
    return engine::Error(codeFor(sqliteCode), std::string(what) + ": " + reasonFor(sqliteCode),
        engine::SourceLocation::inFile(path));
}

engine::Error storeError(const std::string& path, engine::ErrorCode code, std::string message)
{
    return engine::Error(code, std::move(message), engine::SourceLocation::inFile(path));
}

} // namespace model
