#pragma once

#include "engine/common/result.h"
#include "engine/host/scenario_spec.h"

#include <filesystem>
#include <string_view>

namespace engine {

/// Parses a scenario (format version 1, DESIGN.md). Strict: unknown keys, wrong types and malformed
/// values are errors naming the file and the JSON path (or line and column for JSON syntax errors).
/// Relative paths (module, init files) are resolved against the folder of `file`.
Result<ScenarioSpec> parseScenario(std::string_view text, const std::filesystem::path& file);

/// Reads and parses a scenario file.
Result<ScenarioSpec> loadScenarioFile(const std::filesystem::path& file);

} // namespace engine
