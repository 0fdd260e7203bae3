#pragma once

#include "app/cli/command.h"

#include <string>
#include <vector>

namespace app::cli {

/// Runs `warpscope-cli ARGS...` (argv without the program name) and returns the exit code.
/// Never throws: usage errors become one line on stderr and code 2, anything else code 1.
int runCli(const std::vector<std::string>& args, CommandIo& io);

} // namespace app::cli
