#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace engine::ptx {

/// What a source tree needs from nvcc besides the .cu file: include folders (-I), macro definitions (-D) and
/// any other flags, as a scenario's "nvcc" object or the CLI's -I/-D/--nvcc-flag give them.
struct NvccSettings {
    std::vector<std::filesystem::path> includeDirs; ///< absolute, or relative to the process's working folder
    std::vector<std::pair<std::string, std::string>> defines; ///< NAME, VALUE (empty VALUE: "-DNAME")
    std::vector<std::string> flags; ///< passed to nvcc as they are

    bool empty() const { return includeDirs.empty() && defines.empty() && flags.empty(); }
    /// `other`'s entries after these (command-line settings after a scenario's, so a later -D wins).
    void append(const NvccSettings& other);
    /// nvcc's arguments: "-I/abs/dir" for each folder (made absolute), "-DNAME=VALUE", then the flags.
    std::vector<std::string> toArguments() const;
};

/// "NAME=VALUE" or "NAME" to a define; an empty pair when NAME is not a C identifier.
std::pair<std::string, std::string> parseDefine(const std::string& text);

} // namespace engine::ptx
