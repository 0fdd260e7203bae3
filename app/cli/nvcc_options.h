#pragma once

#include "app/cli/arg_parser.h"
#include "engine/ptx/nvcc_settings.h"

#include <vector>

namespace app::cli {

/// `options` followed by -I DIR, -D NAME=VALUE and --nvcc-flag F: what nvcc needs to compile a .cu of a source
/// tree (`ptx`, `run`).
std::vector<OptionSpec> withNvccOptions(std::vector<OptionSpec> options);

/// The settings those options give; a UsageError for a -D whose NAME is not a macro name.
engine::ptx::NvccSettings parseNvccOptions(const ParsedArgs& args);

} // namespace app::cli
