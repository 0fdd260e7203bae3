#pragma once

#include "engine/common/error.h"

#include <string>
#include <string_view>

namespace model {

/// A user-facing error for an SQLite failure on `path`: "PATH: <what>: <plain reason>", where the reason
/// names the cause the user can act on (not a database, corrupt, disk full, read-only) rather than
/// SQLite's own wording alone. `sqliteCode` is an extended result code.
engine::Error storeError(const std::string& path, int sqliteCode, std::string_view what);

/// An error about `path` that did not come from SQLite (wrong application id, newer schema).
engine::Error storeError(const std::string& path, engine::ErrorCode code, std::string message);

} // namespace model
