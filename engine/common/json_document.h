#pragma once

#include "engine/common/result.h"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

namespace engine {

/// Parses a whole JSON file strictly: besides malformed text (located by line and column), it refuses
/// a key repeated within one object (RFC 8259 §4 leaves their meaning open; the last one would
/// silently win) and a number too large for a double (`1e999`), naming the JSON path or position.
Result<nlohmann::json> parseJsonDocument(std::string_view text, const std::string& fileName);

} // namespace engine
