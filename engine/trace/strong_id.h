#pragma once

#include <compare>
#include <cstdint>
#include <type_traits>

namespace engine {

/// An integer that names one kind of thing (heaptrack's src/util/indices.h idea): a `WarpId` cannot be
/// passed where an `SmId` is expected, yet the wrapper is as small and trivially copyable as the integer.
template <typename Tag, typename Int>
struct StrongId {
    static_assert(std::is_integral_v<Int>);
    using ValueType = Int;

    Int value = 0;

    constexpr StrongId() = default;
    constexpr explicit StrongId(Int v)
        : value(v)
    {
    }
    constexpr auto operator<=>(const StrongId&) const = default;
};

using SmId = StrongId<struct SmIdTag, std::uint16_t>; ///< streaming multiprocessor index on the device
using BlockId = StrongId<struct BlockIdTag, std::uint32_t>; ///< linear block index in the grid
using WarpId = StrongId<struct WarpIdTag, std::uint16_t>; ///< warp index inside its block
using Pc = StrongId<struct PcTag, std::uint32_t>; ///< instruction index inside the kernel's function
using ModuleId = StrongId<struct ModuleIdTag, std::uint32_t>; ///< module index inside a run (0-based)
using KernelId = StrongId<struct KernelIdTag, std::uint32_t>; ///< kernel index inside a run (0-based)
using LaunchId = StrongId<struct LaunchIdTag, std::uint32_t>; ///< launch index inside a run (0-based)
using StreamId = StrongId<struct StreamIdTag, std::int32_t>; ///< CUDA stream number; 0 is the legacy default

} // namespace engine
