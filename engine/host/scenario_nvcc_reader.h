#pragma once

#include "engine/ptx/nvcc_settings.h"

#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace engine {

/// Reads a scenario's "nvcc" object: {"include_dirs": [PATH...], "defines": {"NAME": "VALUE" | number},
/// "flags": [FLAG...]}, every key optional; include folders are resolved against `folder` (the scenario's).
/// Throws JsonPathError naming the offending key.
ptx::NvccSettings readNvccSettings(
    const nlohmann::json& value, const std::string& path, const std::filesystem::path& folder);

} // namespace engine
