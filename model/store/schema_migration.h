#pragma once

#include <cstdint>

namespace model {

/// One schema upgrade step: SQL that turns a database of version `fromVersion` into `fromVersion + 1`.
/// A list of steps, index i holding fromVersion i, defines a schema whose current version is its size.
struct SchemaMigration {
    std::int64_t fromVersion = 0;
    const char* sql = nullptr;
};

} // namespace model
