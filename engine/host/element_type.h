#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace engine {

/// Element type of a scenario buffer (DESIGN.md, scenario files).
enum class ElementType { I8, U8, I16, U16, I32, U32, I64, U64, F32, F64 };

std::size_t elementBytes(ElementType type);
bool isFloatingPoint(ElementType type);
bool isSigned(ElementType type);
std::string_view toString(ElementType type);
std::optional<ElementType> parseElementType(std::string_view text);

} // namespace engine
