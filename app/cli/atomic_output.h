#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace app::cli {

/// Writes an output file so that a failed export never leaves half a file where a good one was: `write`
/// fills "<target>.partial" and returns an error message or nullopt; on success the partial file is
/// renamed over `target`, on failure it is removed. Returns the error, prefixed with the target's name.
/// Where an output file named `target` is written, or why not (one line naming it): a symbolic link is
/// followed (the link stays, its target gets the new contents), an existing directory, device node, FIFO
/// or socket is refused rather than replaced, and so is `input` itself (`report -o` naming the database it
/// reads would destroy it).
struct OutputTarget {
    std::filesystem::path path; ///< empty when refused
    std::string problem;
};
OutputTarget resolveOutputTarget(const std::filesystem::path& target, const std::filesystem::path& input);

std::optional<std::string> writeAtomically(const std::filesystem::path& target,
    const std::function<std::optional<std::string>(const std::filesystem::path& partial)>& write);

} // namespace app::cli
