#pragma once

#include "app/cli/command.h"

#include <string>
#include <vector>

namespace app::docgen {

/// The user guide's page for one warpscope-cli command: usage, summary, options, examples, exit codes, from
/// the same table `--help` prints. Written as cli-NAME.md.
std::string commandMarkdown(const cli::Command& command);

/// The guide's list of the command pages (cli-commands.md).
std::string commandIndexMarkdown(const std::vector<cli::Command>& commands);

} // namespace app::docgen
