#include "engine/common/user_cache_dir.h"

#include <cstdlib>

namespace engine {

std::filesystem::path userCacheDir(const std::string& name)
{
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return std::filesystem::path(xdg) / "warpscope" / name;
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".cache" / "warpscope" / name;
    return std::filesystem::temp_directory_path() / ("warpscope-" + name);
}

} // namespace engine
