#pragma once

#include <filesystem>
#include <string>

namespace engine {

/// Where warpscope keeps what it computed once and reuses across runs (`name`: "ptx", "ptxas"):
/// $XDG_CACHE_HOME/warpscope/NAME, else ~/.cache/warpscope/NAME, else warpscope-NAME in the temporary folder.
std::filesystem::path userCacheDir(const std::string& name);

} // namespace engine
