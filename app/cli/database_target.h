#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace app::cli {

/// Why `--db FILE` cannot take a run, checked before the run starts rather than after it: FILE is a
/// directory or another non-regular file, is read-only, or would be created in a folder that does not
/// exist or cannot be written. One line naming FILE; nothing when it looks writable (the store still
/// checks that an existing file is a warpscope database when it opens it).
std::optional<std::string> databaseTargetProblem(const std::filesystem::path& file);

} // namespace app::cli
