#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace engine::ptx {

/// PTX ISA 8.5 §5.2 "Types": the fundamental types a type suffix or declaration can name.
enum class ScalarType : std::uint8_t {
    None,
    B8,
    B16,
    B32,
    B64,
    B128,
    U8,
    U16,
    U32,
    U64,
    S8,
    S16,
    S32,
    S64,
    F16,
    F16x2,
    BF16,
    BF16x2,
    F32,
    F64,
    Pred,
};

/// PTX ISA 8.5 §5.1 "State Spaces". Generic means no space was named (§6.4.1 generic addressing).
enum class StateSpace : std::uint8_t {
    Generic,
    Reg,
    Global,
    Shared,
    Local,
    Const,
    Param,
    /// .shared::cluster (§5.1.4): the shared memory of every CTA of the cluster (distributed shared memory).
    SharedCluster,
};

/// The register file an interpreter keeps per width: registers of one file share a dense index space.
/// PTX ISA 8.5 §5.2.1: .b8/.u8/.s8 registers are allowed and are stored in 16-bit slots here.
enum class RegFile : std::uint8_t { Pred, B16, B32, B64, B128 };
inline constexpr std::size_t kRegFileCount = 5;

/// Size in bytes (pred: 1, as a .param or variable of that type would occupy).
std::uint32_t typeSizeBytes(ScalarType type);

bool isFloatType(ScalarType type);
bool isSignedType(ScalarType type);

/// "f32" (no dot) to ScalarType::F32; nothing when the word is not a type.
std::optional<ScalarType> parseScalarType(std::string_view word);

/// "global" (no dot), "shared::cta" ... to the state space; nothing when the word is not a space.
std::optional<StateSpace> parseStateSpace(std::string_view word);

/// The register file that holds registers declared with `type`.
RegFile regFileFor(ScalarType type);

std::string_view scalarTypeName(ScalarType type); ///< "f32"
std::string_view stateSpaceName(StateSpace space); ///< "global"

} // namespace engine::ptx
