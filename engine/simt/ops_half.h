#pragma once

#include "engine/simt/exec_context.h"
#include "engine/simt/small_float.h"

#include <optional>

namespace engine::simt {

/// The element format of a half-precision type and whether it packs two elements in 32 bits
/// (PTX ISA 8.5 §5.2.1: .f16x2 / .bf16x2, the first element in the lower 16 bits).
struct HalfType {
    SmallFloatFormat format;
    bool packed;
};

/// The format of .f16/.f16x2/.bf16/.bf16x2; nothing for any other type. Inline: every float instruction asks.
inline std::optional<HalfType> halfTypeOf(ptx::ScalarType type)
{
    switch (type) {
    case ptx::ScalarType::F16:
        return HalfType { kHalf, false };
    case ptx::ScalarType::F16x2:
        return HalfType { kHalf, true };
    case ptx::ScalarType::BF16:
        return HalfType { kBfloat16, false };
    case ptx::ScalarType::BF16x2:
        return HalfType { kBfloat16, true };
    default:
        return std::nullopt;
    }
}

/// Applies `f` to each element of a (possibly packed) lane value.
template <typename F> std::uint64_t perElement(std::uint64_t bits, bool packed, F f)
{
    const std::uint64_t lo = f(static_cast<std::uint16_t>(bits), 0);
    if (!packed)
        return lo;
    return lo | (std::uint64_t {f(static_cast<std::uint16_t>(bits >> 16), 1)} << 16);
}

/// add/sub/mul/fma/mad/neg/abs/min/max with a half-precision type (PTX ISA 8.5 §9.7.4).
void halfArithmetic(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, HalfType t);

/// ex2.approx / tanh.approx with a half-precision type (PTX ISA 8.5 §9.7.4.9, §9.7.4.10).
void halfSpecial(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, HalfType t, double (*fn)(double));

} // namespace engine::simt
