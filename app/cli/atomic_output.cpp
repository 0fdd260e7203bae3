#include "app/cli/atomic_output.h"

namespace app::cli {

namespace {

namespace fs = std::filesystem;

const char* notRegular(fs::file_type type)
{
    switch (type) {
    case fs::file_type::directory:
        return "is a directory";
    case fs::file_type::character:
        return "is a character device";
    case fs::file_type::block:
        return "is a block device";
    case fs::file_type::fifo:
        return "is a FIFO";
    case fs::file_type::socket:
        return "is a socket";
    default:
        return "is of another kind";
    }
}

} // namespace

OutputTarget resolveOutputTarget(const fs::path& target, const fs::path& input)
{
    std::error_code ec;
    const auto status = fs::status(target, ec);
    if (status.type() == fs::file_type::not_found) {
        // A dangling link: write where it points, so the link keeps its meaning.
        if (fs::is_symlink(fs::symlink_status(target, ec)))
            return {fs::absolute(target.parent_path() / fs::read_symlink(target, ec)), {}};
        return {target, {}};
    }
    if (status.type() != fs::file_type::regular)
        return {{}, target.string() + ": " + notRegular(status.type()) + ", not a regular file"};
    if (fs::equivalent(target, input, ec))
        return {{}, target.string() + ": is the database being read; choose another output file"};
    return {fs::canonical(target, ec), {}};
}

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
