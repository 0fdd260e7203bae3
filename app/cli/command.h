#pragma once

#include "app/cli/arg_parser.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace app::cli {

/// Process exit codes shared by every subcommand (DESIGN.md, CLI contract).
enum ExitCode : int {
    ExitOk = 0,
    ExitInternalFailure = 1,
    ExitBadInput = 2,
};

/// Where a command writes: stdout for results, stderr for one-line errors.
struct CommandIo {
    std::ostream& out;
    std::ostream& err;
};

/// A subcommand: its name, help text, options, and what it does with parsed arguments.
struct Command {
    std::string name;
    std::string summary; ///< one line for `warpscope-cli --help`
    std::string usage; ///< e.g. "occupancy --device ID --block T [--regs R] [--smem BYTES] [--json]"
    std::vector<OptionSpec> options;
    std::function<int(const ParsedArgs&, CommandIo&)> run;
};

/// Prints "usage: warpscope-cli USAGE", the summary and each option with its help.
void printCommandHelp(const Command& command, std::ostream& out);

/// Every subcommand, in the order --help lists them.
const std::vector<Command>& commandTable();

} // namespace app::cli
