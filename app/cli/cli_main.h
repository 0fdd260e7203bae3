#pragma once

#include "app/cli/command.h"

#include <string>
#include <vector>

namespace app::cli {

/// What `warpscope-cli --help` says of the program, also the man page's description.
extern const char* const kCliDescription;

/// One exit status and what it means, in the order `--help` lists them (the man page's EXIT STATUS too).
struct ExitCodeDoc {
    int code;
    const char* meaning;
};
const std::vector<ExitCodeDoc>& exitCodeDocs();

/// Prints `warpscope-cli --help`: usage, the commands with their summaries, the exit codes.
void printTopHelp(std::ostream& out);

/// Runs `warpscope-cli ARGS...` (argv without the program name) and returns the exit code.
/// Never throws: usage errors become one line on stderr and code 2, anything else code 1.
int runCli(const std::vector<std::string>& args, CommandIo& io);

} // namespace app::cli
