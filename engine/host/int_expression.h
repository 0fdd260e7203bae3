#pragma once

#include "engine/common/result.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace engine {

/// Named integers a scenario's expressions may use.
using ParamValues = std::map<std::string, std::int64_t, std::less<>>;

/// Evaluates a scenario integer expression (DESIGN.md, scenario files): decimal integers, names from
/// `params`, `+ - * / %`, unary minus and parentheses, with C precedence and truncating division.
/// Errors (unknown name, division by zero, overflow, syntax) name the column within `text`.
Result<std::int64_t> evaluateIntExpression(std::string_view text, const ParamValues& params);

} // namespace engine
