#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace engine::ptx {

/// The files a make-style dependency file (nvcc -MD -MF) names as prerequisites, resolved against
/// `baseDir` (nvcc's working folder), in order, without the target.
std::vector<std::filesystem::path> parseDependencyFile(std::string_view text, const std::filesystem::path& baseDir);

/// A record of the project headers a compilation read: one "HASH PATH" line per dependency outside the
/// system folders (`systemRoots`, e.g. the CUDA toolkit and /usr), so a cached PTX can be checked against
/// headers edited since. The .cu itself is hashed into the cache key and left out.
std::string dependencyStamp(const std::vector<std::filesystem::path>& dependencies,
    const std::vector<std::filesystem::path>& systemRoots, const std::filesystem::path& cuFile);

/// Whether every file a stamp lists still has the contents it had (false when one is gone or changed).
bool dependencyStampHolds(std::string_view stamp);

/// FNV-1a, 64 bits, as 16 hex digits: a cache key, not a security boundary.
std::string contentHash(std::string_view data);

} // namespace engine::ptx
