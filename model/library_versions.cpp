#include "model/library_versions.h"

#include <sqlite3.h>

namespace model {

QString sqliteVersion()
{
    return QString::fromLatin1(sqlite3_libversion());
}

} // namespace model
