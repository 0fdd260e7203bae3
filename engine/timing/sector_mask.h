#pragma once

#include <array>
#include <cstdint>

namespace engine::timing {

/// The number of sectors set in an 8-bit sector mask, from a table: std::popcount on a build without the
/// host's popcount instruction is a library call, and the memory model counts sectors on every access.
inline std::uint32_t sectorCount(std::uint8_t mask)
{
    static constexpr auto kTable = [] {
        std::array<std::uint8_t, 256> table {};
        for (std::uint32_t m = 0; m < 256; ++m)
            table[m] = static_cast<std::uint8_t>((m & 1u) + ((m >> 1) & 1u) + ((m >> 2) & 1u) + ((m >> 3) & 1u)
                + ((m >> 4) & 1u) + ((m >> 5) & 1u) + ((m >> 6) & 1u) + ((m >> 7) & 1u));
        return table;
    }();
    return kTable[mask];
}

/// The bytes of the 32-byte sectors set in `mask`.
inline std::uint32_t sectorBytes(std::uint8_t mask)
{
    return sectorCount(mask) * 32u;
}

} // namespace engine::timing
