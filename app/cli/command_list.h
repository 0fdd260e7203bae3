#pragma once

#include "app/cli/command.h"

namespace app::cli {

// One factory per subcommand, each defined in <name>_command.cpp; command_table.cpp lists them.
Command devicesCommand();
Command occupancyCommand();
Command runCommand();
Command sweepCommand();

} // namespace app::cli
