#pragma once

#include "model/store/sqlite_database.h"
#include "model/store/sqlite_statement.h"

#include <optional>
#include <string_view>

namespace model {

/// Calls `onRow(statement)` for each row `statement` returns; an error names the file. Reader thread.
template <typename OnRow>
std::optional<engine::Error> forEachRow(const SqliteDatabase& db, SqliteStatement& statement, OnRow&& onRow)
{
    int rc = SQLITE_ROW;
    while ((rc = statement.step()) == SQLITE_ROW)
        onRow(statement);
    statement.reset();
    if (rc != SQLITE_DONE)
        return db.error(rc, "cannot read the database");
    return std::nullopt;
}

/// Prepares `sql`, binds `id` to ?1 and collects one value per row with `makeRow(statement)`.
template <typename Row, typename MakeRow>
engine::Result<std::vector<Row>> collectRows(const SqliteDatabase& db, std::string_view sql, std::int64_t id,
    MakeRow&& makeRow)
{
    auto statement = SqliteStatement::prepare(db, sql);
    if (!statement)
        return statement.error();
    statement.value().bind(1, id);
    std::vector<Row> rows;
    if (auto error = forEachRow(db, statement.value(), [&](const SqliteStatement& s) { rows.push_back(makeRow(s)); }))
        return *error;
    return rows;
}

} // namespace model
