#include "engine/host/fill_value.h"

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

namespace engine {

namespace {

/// The inclusive range of an integer element type, as doubles (exact: powers of two, less one, fit
/// only as their rounded neighbours, so the bounds are compared as half-open below).
struct IntRange {
    double lowest; ///< inclusive
    double limit; ///< exclusive: max + 1, a power of two
};

IntRange intRange(ElementType type)
{
    const auto bits = static_cast<int>(elementBytes(type) * 8);
    if (isSigned(type))
        return {-std::ldexp(1.0, bits - 1), std::ldexp(1.0, bits - 1)};
    return {0.0, std::ldexp(1.0, bits)};
}

std::string rangeText(ElementType type)
{
    const auto bits = static_cast<int>(elementBytes(type) * 8);
    if (isSigned(type))
        return "-2^" + std::to_string(bits - 1) + "..2^" + std::to_string(bits - 1) + "-1";
    return "0..2^" + std::to_string(bits) + "-1";
}

} // namespace

std::optional<std::string> fillValueProblem(ElementType type, const nlohmann::json& value)
{
    const auto x = value.get<double>();
    const auto name = std::string(toString(type));
    if (isFloatingPoint(type)) {
        if (type == ElementType::F32 && std::fabs(x) > static_cast<double>(std::numeric_limits<float>::max()))
            return "fill value " + value.dump() + " is beyond the largest f32";
        return std::nullopt;
    }
    if (x != std::trunc(x))
        return "fill value " + value.dump() + " is not a whole number, as " + name + " needs";
    const auto range = intRange(type);
    if (x < range.lowest || x >= range.limit)
        return "fill value " + value.dump() + " is outside " + name + "'s range " + rangeText(type);
    // A JSON integer above 2^53 may not survive the trip through a double.
    const bool exact = value.is_number_unsigned() ? static_cast<std::uint64_t>(x) == value.get<std::uint64_t>()
        : value.is_number_integer()               ? static_cast<std::int64_t>(x) == value.get<std::int64_t>()
                                                  : true;
    if (!exact)
        return "fill value " + value.dump() + " is not exact as a double; use {\"file\": PATH} for it";
    return std::nullopt;
}

} // namespace engine
