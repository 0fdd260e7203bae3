#pragma once

#include "app/cli/command.h"
#include "app/docgen/gui_man_page.h"

#include <string>
#include <vector>

namespace app::docgen {

/// A bash completion script for warpscope-cli (its commands, each command's options, device ids after
/// --device, file names elsewhere) and for warpscope (its --help's options), written from the same tables
/// `--help` prints.
std::string bashCompletion(const std::vector<cli::Command>& commands, const GuiHelp& guiHelp);

} // namespace app::docgen
