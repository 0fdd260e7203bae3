#include "engine/host/element_type.h"

#include <array>

namespace engine {

namespace {

struct TypeInfo {
    ElementType type;
    std::string_view name;
    std::size_t bytes;
    bool floating;
    bool isSigned;
};

constexpr std::array<TypeInfo, 12> kTypes { {
    { ElementType::I8, "i8", 1, false, true },
    { ElementType::U8, "u8", 1, false, false },
    { ElementType::I16, "i16", 2, false, true },
    { ElementType::U16, "u16", 2, false, false },
    { ElementType::I32, "i32", 4, false, true },
    { ElementType::U32, "u32", 4, false, false },
    { ElementType::I64, "i64", 8, false, true },
    { ElementType::U64, "u64", 8, false, false },
    { ElementType::F32, "f32", 4, true, true },
    { ElementType::F64, "f64", 8, true, true },
    { ElementType::F16, "f16", 2, true, true },
    { ElementType::BF16, "bf16", 2, true, true },
} };

const TypeInfo& info(ElementType type)
{
    return kTypes[static_cast<std::size_t>(type)];
}

} // namespace

std::size_t elementBytes(ElementType type)
{
    return info(type).bytes;
}

bool isFloatingPoint(ElementType type)
{
    return info(type).floating;
}

bool isSigned(ElementType type)
{
    return info(type).isSigned;
}

std::string_view toString(ElementType type)
{
    return info(type).name;
}

std::optional<ElementType> parseElementType(std::string_view text)
{
    for (const auto& entry : kTypes) {
        if (entry.name == text)
            return entry.type;
    }
    return std::nullopt;
}

} // namespace engine
