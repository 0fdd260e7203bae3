#pragma once

#include "app/cli/command.h"

#include <string>
#include <vector>

namespace app::docgen {

/// Where the installed programs find their files, for the man pages' FILES sections.
struct InstallLayout {
    std::string version; ///< "0.1.0"
    std::string resourceDir; ///< e.g. /usr/share/warpscope/resources
    std::string guideDir; ///< e.g. /usr/share/doc/warpscope/guide
};

/// "-o, --output FILE" or "--device ID": how `--help` and the man page name an option.
std::string optionLabel(const cli::OptionSpec& option);

/// warpscope-cli(1): synopsis, description, a section per command (its usage, summary, options and examples,
/// the same text `warpscope-cli COMMAND --help` prints), exit status, environment, files.
std::string cliManPage(const std::vector<cli::Command>& commands, const InstallLayout& layout);

} // namespace app::docgen
