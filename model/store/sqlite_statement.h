#pragma once

#include "engine/common/result.h"

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace model {

class SqliteDatabase;

/// One prepared statement, finalized on destruction. The bind and column calls are inline because the
/// writer calls them for every row of millions; indices are 1-based for binds and 0-based for columns,
/// as in SQLite. Lives on the thread of its connection.
class SqliteStatement {
public:
    static engine::Result<SqliteStatement> prepare(const SqliteDatabase& db, std::string_view sql);

    SqliteStatement(SqliteStatement&& other) noexcept;
    SqliteStatement& operator=(SqliteStatement&& other) noexcept;
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;
    ~SqliteStatement();

    void bind(int index, std::int64_t value) { sqlite3_bind_int64(m_statement, index, value); }
    void bind(int index, double value) { sqlite3_bind_double(m_statement, index, value); }
    void bind(int index, std::string_view text)
    {
        sqlite3_bind_text64(m_statement, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
    }
    /// Binds bytes that stay valid until the statement is stepped.
    void bindBlob(int index, const void* data, std::size_t bytes)
    {
        sqlite3_bind_blob64(m_statement, index, data, bytes, SQLITE_STATIC);
    }
    void bindNull(int index) { sqlite3_bind_null(m_statement, index); }

    /// SQLITE_ROW, SQLITE_DONE or an error code.
    int step() { return sqlite3_step(m_statement); }
    /// Steps a statement that returns no rows and resets it for the next use; SQLITE_DONE on success.
    int run()
    {
        const int rc = sqlite3_step(m_statement);
        sqlite3_reset(m_statement);
        return rc;
    }
    void reset() { sqlite3_reset(m_statement); }

    std::int64_t columnInt(int column) const { return sqlite3_column_int64(m_statement, column); }
    double columnDouble(int column) const { return sqlite3_column_double(m_statement, column); }
    bool columnIsNull(int column) const { return sqlite3_column_type(m_statement, column) == SQLITE_NULL; }
    std::string columnText(int column) const;
    std::string_view columnBlob(int column) const;

private:
    explicit SqliteStatement(sqlite3_stmt* statement);

    sqlite3_stmt* m_statement = nullptr;
};

} // namespace model
