#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace engine {

/// Element type of a scenario buffer (DESIGN.md, scenario files).
/// F16 and BF16 are IEEE binary16 and bfloat16 (PTX ISA 8.5 §5.2.1 .f16 / .bf16), two bytes each.
enum class ElementType { I8, U8, I16, U16, I32, U32, I64, U64, F32, F64, F16, BF16 };

std::size_t elementBytes(ElementType type);
bool isFloatingPoint(ElementType type);
bool isSigned(ElementType type);
std::string_view toString(ElementType type);
std::optional<ElementType> parseElementType(std::string_view text);

} // namespace engine
