#pragma once

#include "engine/common/result.h"

#include <filesystem>
#include <optional>
#include <string>

namespace engine {

/// Checks that `file` names a regular file (after symbolic links) before anything opens it: a FIFO
/// would block the reader forever, a directory or device node reads as nothing useful. The error
/// names the file and what it is instead.
std::optional<Error> checkInputFile(const std::filesystem::path& file);

/// Reads a whole regular file (checkInputFile first), as bytes.
Result<std::string> readInputFile(const std::filesystem::path& file);

} // namespace engine
