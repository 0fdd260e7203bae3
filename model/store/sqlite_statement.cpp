#include "model/store/sqlite_statement.h"

#include "model/store/sqlite_database.h"

#include <utility>

namespace model {

engine::Result<SqliteStatement> SqliteStatement::prepare(const SqliteDatabase& db, std::string_view sql)
{
    sqlite3_stmt* statement = nullptr;
    const int rc = sqlite3_prepare_v3(db.handle(), sql.data(), static_cast<int>(sql.size()),
        SQLITE_PREPARE_PERSISTENT, &statement, nullptr);
    if (rc != SQLITE_OK)
        return db.error(rc, "cannot read the database");
    return SqliteStatement(statement);
}

SqliteStatement::SqliteStatement(sqlite3_stmt* statement)
    : m_statement(statement)
{
}

SqliteStatement::SqliteStatement(SqliteStatement&& other) noexcept
    : m_statement(std::exchange(other.m_statement, nullptr))
{
}

SqliteStatement& SqliteStatement::operator=(SqliteStatement&& other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(m_statement);
        m_statement = std::exchange(other.m_statement, nullptr);
    }
    return *this;
}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(m_statement); }

std::string SqliteStatement::columnText(int column) const
{
    const auto* text = sqlite3_column_text(m_statement, column);
    const auto bytes = static_cast<std::size_t>(sqlite3_column_bytes(m_statement, column));
    return text ? std::string(reinterpret_cast<const char*>(text), bytes) : std::string();
}

std::string_view SqliteStatement::columnBlob(int column) const
{
    const auto* data = static_cast<const char*>(sqlite3_column_blob(m_statement, column));
    const auto bytes = static_cast<std::size_t>(sqlite3_column_bytes(m_statement, column));
    return data ? std::string_view(data, bytes) : std::string_view();
}

} // namespace model
