#pragma once

#include "app/cli/arg_parser.h"
#include "engine/host/int_expression.h"

namespace app::cli {

/// The `--set NAME=VALUE` options (repeatable) as scenario parameter overrides; a malformed one is a
/// UsageError naming it.
engine::ParamValues parseOverrides(const ParsedArgs& args);

} // namespace app::cli
