#include "app/cli/atomic_output.h"

namespace app::cli {

std::optional<std::string> writeAtomically(const std::filesystem::path& target,
    const std::function<std::optional<std::string>(const std::filesystem::path& partial)>& write)
{
    auto partial = target;
    partial += ".partial";
    std::error_code ignored;
    if (auto error = write(partial)) {
        std::filesystem::remove(partial, ignored);
        return target.string() + ": " + *error;
    }
    std::error_code renamed;
    std::filesystem::rename(partial, target, renamed);
    if (renamed) {
        std::filesystem::remove(partial, ignored);
        return target.string() + ": " + renamed.message();
    }
    return std::nullopt;
}

} // namespace app::cli
