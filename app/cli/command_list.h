#pragma once

#include "app/cli/command.h"

namespace app::cli {

// One factory per subcommand, each defined in <name>_command.cpp; command_table.cpp lists them.
Command devicesCommand();
Command occupancyCommand();
Command ptxCommand();
Command runCommand();
Command runsCommand(); ///< only with the trace store (WARPSCOPE_CLI_HAS_STORE)
Command sweepCommand();
Command traceCommand(); ///< only with the trace store
Command compareCommand(); ///< only with the trace store
Command reportCommand(); ///< only with the trace store
Command rooflineCommand(); ///< only with the trace store

} // namespace app::cli
