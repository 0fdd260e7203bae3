#pragma once

#include "engine/simt/execution_observer.h"

#include <array>
#include <bit>
#include <cstdint>

namespace engine::simt {

/// One 64-bit value per lane: an operand gathered from registers or immediates, or a result before it
/// is written back. Narrower types live in the low bits; floats as their IEEE bits.
using LaneBits = std::array<std::uint64_t, kWarpLanes>;

inline constexpr bool laneOn(std::uint32_t mask, int lane) { return ((mask >> lane) & 1u) != 0; }

inline float asF32(std::uint64_t bits) { return std::bit_cast<float>(static_cast<std::uint32_t>(bits)); }
inline double asF64(std::uint64_t bits) { return std::bit_cast<double>(bits); }
inline std::uint64_t bitsOf(float v) { return std::bit_cast<std::uint32_t>(v); }
inline std::uint64_t bitsOf(double v) { return std::bit_cast<std::uint64_t>(v); }

/// Sign-extends the low `bits` bits of v.
inline std::int64_t signExtend(std::uint64_t v, unsigned bits)
{
    if (bits >= 64)
        return static_cast<std::int64_t>(v);
    const std::uint64_t m = std::uint64_t { 1 } << (bits - 1);
    v &= (m << 1) - 1;
    return static_cast<std::int64_t>((v ^ m) - m);
}

} // namespace engine::simt
