#pragma once

#include "engine/host/element_type.h"

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

namespace engine {

/// Why a numeric `init` (a fill value) cannot be stored in elements of `type`, or nothing when it can.
/// Integer types take only whole numbers in their range (256 in a u8 would wrap to 0, 1.5 would truncate
/// to 1), exact as a double (the fill is carried as one); f32 takes any finite value within its range,
/// rounded to nearest.
std::optional<std::string> fillValueProblem(ElementType type, const nlohmann::json& value);

} // namespace engine
