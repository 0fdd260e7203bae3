#include "app/cli/database_target.h"

#include <unistd.h>

namespace app::cli {

std::optional<std::string> databaseTargetProblem(const std::filesystem::path& file)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto status = fs::status(file, ec);
    if (status.type() == fs::file_type::regular) {
        if (::access(file.c_str(), W_OK) != 0)
            return file.string() + ": the database is read-only";
        return std::nullopt;
    }
    if (status.type() != fs::file_type::not_found)
        return file.string() + ": "
            + (status.type() == fs::file_type::directory ? "is a directory" : "is not a regular file")
            + ", not a session database";
    const auto folder = file.parent_path().empty() ? fs::path(".") : file.parent_path();
    if (!fs::is_directory(folder, ec))
        return file.string() + ": cannot create the database: no folder " + folder.string();
    if (::access(folder.c_str(), W_OK) != 0)
        return file.string() + ": cannot create the database: " + folder.string() + " is read-only";
    return std::nullopt;
}

} // namespace app::cli
