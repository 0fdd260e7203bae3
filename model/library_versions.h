#pragma once

#include <QString>

namespace model {

/// The SQLite library the trace store runs on, as sqlite3_libversion() reports it at run time.
QString sqliteVersion();

} // namespace model
