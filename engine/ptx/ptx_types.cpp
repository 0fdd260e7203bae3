#include "engine/ptx/ptx_types.h"

#include <array>

namespace engine::ptx {

namespace {

struct TypeRow {
    std::string_view name;
    ScalarType type;
    std::uint32_t bytes;
};

// PTX ISA 8.5 §5.2.1 Table 8 "Fundamental Type Specifiers" and §5.2.3 (packed half types).
constexpr std::array kTypes = {
    TypeRow {"", ScalarType::None, 0},
    TypeRow {"b8", ScalarType::B8, 1},
    TypeRow {"b16", ScalarType::B16, 2},
    TypeRow {"b32", ScalarType::B32, 4},
    TypeRow {"b64", ScalarType::B64, 8},
    TypeRow {"b128", ScalarType::B128, 16},
    TypeRow {"u8", ScalarType::U8, 1},
    TypeRow {"u16", ScalarType::U16, 2},
    TypeRow {"u32", ScalarType::U32, 4},
    TypeRow {"u64", ScalarType::U64, 8},
    TypeRow {"s8", ScalarType::S8, 1},
    TypeRow {"s16", ScalarType::S16, 2},
    TypeRow {"s32", ScalarType::S32, 4},
    TypeRow {"s64", ScalarType::S64, 8},
    TypeRow {"f16", ScalarType::F16, 2},
    TypeRow {"f16x2", ScalarType::F16x2, 4},
    TypeRow {"bf16", ScalarType::BF16, 2},
    TypeRow {"bf16x2", ScalarType::BF16x2, 4},
    TypeRow {"f32", ScalarType::F32, 4},
    TypeRow {"f64", ScalarType::F64, 8},
    TypeRow {"pred", ScalarType::Pred, 1},
};

const TypeRow& row(ScalarType type)
{
    return kTypes[static_cast<std::size_t>(type)];
}

} // namespace

std::uint32_t typeSizeBytes(ScalarType type)
{
    return row(type).bytes;
}

bool isFloatType(ScalarType type)
{
    switch (type) {
    case ScalarType::F16:
    case ScalarType::F16x2:
    case ScalarType::BF16:
    case ScalarType::BF16x2:
    case ScalarType::F32:
    case ScalarType::F64:
        return true;
    default:
        return false;
    }
}

bool isSignedType(ScalarType type)
{
    return type == ScalarType::S8 || type == ScalarType::S16 || type == ScalarType::S32 || type == ScalarType::S64;
}

std::optional<ScalarType> parseScalarType(std::string_view word)
{
    for (std::size_t i = 1; i < kTypes.size(); ++i) {
        if (kTypes[i].name == word)
            return kTypes[i].type;
    }
    return std::nullopt;
}

std::optional<StateSpace> parseStateSpace(std::string_view word)
{
    // PTX ISA 8.5 §5.1: .shared::cta is the CTA's shared window (plain .shared); .shared::cluster the windows of
    // every CTA of the cluster.
    if (word == "shared::cluster")
        return StateSpace::SharedCluster;
    if (word == "global")
        return StateSpace::Global;
    if (word == "shared" || word == "shared::cta")
        return StateSpace::Shared;
    if (word == "local")
        return StateSpace::Local;
    if (word == "const")
        return StateSpace::Const;
    if (word == "param")
        return StateSpace::Param;
    if (word == "reg")
        return StateSpace::Reg;
    return std::nullopt;
}

RegFile regFileFor(ScalarType type)
{
    if (type == ScalarType::Pred)
        return RegFile::Pred;
    switch (typeSizeBytes(type)) {
    case 1:
    case 2:
        return RegFile::B16;
    case 4:
        return RegFile::B32;
    case 8:
        return RegFile::B64;
    default:
        return RegFile::B128;
    }
}

std::string_view scalarTypeName(ScalarType type)
{
    return row(type).name;
}

std::string_view stateSpaceName(StateSpace space)
{
    switch (space) {
    case StateSpace::Generic:
        return "generic";
    case StateSpace::Reg:
        return "reg";
    case StateSpace::Global:
        return "global";
    case StateSpace::Shared:
        return "shared";
    case StateSpace::Local:
        return "local";
    case StateSpace::Const:
        return "const";
    case StateSpace::Param:
        return "param";
    case StateSpace::SharedCluster:
        return "shared::cluster";
    }
    return "?";
}

} // namespace engine::ptx
