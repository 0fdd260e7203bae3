#pragma once

#include <cstdint>
#include <optional>

namespace engine {
struct Error;
}

namespace model {

class SqliteDatabase;

/// Deletes every row of run `runId` (its launches' events included) inside the caller's transaction
/// or, when none is open, its own autocommit statements. Runs on the thread that owns `db`.
std::optional<engine::Error> deleteRun(SqliteDatabase& db, std::int64_t runId);

/// Deletes the incomplete runs whose writer process is gone (killed, crashed, power cut): they can
/// never complete. Runs of a live writer are left alone; readers never show incomplete runs anyway.
std::optional<engine::Error> deleteAbandonedRuns(SqliteDatabase& db);

} // namespace model
