#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace app::cli {

/// Writes an output file so that a failed export never leaves half a file where a good one was: `write`
/// fills "<target>.partial" and returns an error message or nullopt; on success the partial file is
/// renamed over `target`, on failure it is removed. Returns the error, prefixed with the target's name.
std::optional<std::string> writeAtomically(const std::filesystem::path& target,
    const std::function<std::optional<std::string>(const std::filesystem::path& partial)>& write);

} // namespace app::cli
