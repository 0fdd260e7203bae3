#pragma once

#include <string>
#include <vector>

namespace app::cli {

/// Example command lines for a subcommand (without the leading "warpscope-cli "), printed by its `--help` and
/// by the man page. Scenario names are those bundled in <datadir>/warpscope/resources/scenarios. Empty for a
/// command without examples.
const std::vector<std::string>& commandExamples(const std::string& commandName);

} // namespace app::cli
