#pragma once

#include "engine/common/result.h"

#include <filesystem>
#include <string>
#include <vector>

namespace engine::ptx {

/// What a finished child process left: its exit status and everything it wrote to stdout and stderr.
struct ProcessOutput {
    int exitCode = 0; ///< the status it exited with; 128 + signal when a signal ended it
    std::string output; ///< stdout and stderr, interleaved as written
};

/// Runs `program` with `args` (no shell: arguments are passed as they are, so nothing in a file name
/// is interpreted) in `workingDir`, and waits for it. Uses posix_spawn, which is safe in a
/// multi-threaded process such as the GUI. An Error only when the program cannot be started.
Result<ProcessOutput> runProcess(const std::filesystem::path& program, const std::vector<std::string>& args,
    const std::filesystem::path& workingDir = {});

} // namespace engine::ptx
