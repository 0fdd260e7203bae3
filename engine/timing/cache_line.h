#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

namespace engine::timing {

/// The data half of one line of a sector cache: per sector, whether it holds valid data, whether it was
/// written (dirty) and whether a write covered only part of it (so a write-back must first read the rest).
/// The low half of the tag and the recency live in the set's header (SectorStorage), apart from this.
struct CacheLine {
    std::uint8_t valid = 0; ///< sector bits
    std::uint8_t dirty = 0;
    std::uint8_t partial = 0; ///< dirty sectors whose bytes are not all known
    std::uint8_t filling = 0; ///< valid sectors whose DRAM fill has not arrived yet (L2)
    std::array<std::uint32_t, 4> writtenBytes {}; ///< per 32-byte sector of a 128-byte line: bytes stores wrote
    std::uint32_t fillArrives = 0; ///< low 32 bits of the cycle the `filling` sectors arrive
    std::uint16_t fillLaunch = 0; ///< low 16 bits of the launch that sent that fill (cycles restart per launch)
    std::uint32_t tagHigh = 0; ///< the high 32 bits of the line number (its set's header keeps the low 32)
};
// 32 bytes: two records to a host cache line, none across two.
static_assert(std::is_trivially_copyable_v<CacheLine> && sizeof(CacheLine) == 32);

/// Marks `sectors` of `line` in flight until `cycle`, kept in 32 bits: fills are in flight for far less than 2^31
/// cycles, so the signed difference decides. Sectors of an earlier fill still in flight arrive no later than these.
inline void markFilling(CacheLine& line, std::uint8_t sectors, std::uint64_t cycle)
{
    const auto arrives = static_cast<std::uint32_t>(cycle);
    if (line.filling == 0 || static_cast<std::int32_t>(arrives - line.fillArrives) > 0)
        line.fillArrives = arrives;
    line.filling = static_cast<std::uint8_t>(line.filling | sectors);
}

/// Cycles from `now` until `line`'s fill arrives (zero or less once it has).
inline std::int32_t cyclesUntilFill(const CacheLine& line, std::uint64_t now)
{
    return static_cast<std::int32_t>(line.fillArrives - static_cast<std::uint32_t>(now));
}

} // namespace engine::timing
