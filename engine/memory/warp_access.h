#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace engine {

/// Lanes per warp on every generation warpscope models (programming-guide-0.8.2.txt §3.2).
inline constexpr int kWarpSize = 32;
/// CC 1.x resolves global coalescing, shared banks and constant reads per half-warp
/// (opencl-programming-guide-2.3.txt §3.1.2.1, §3.1.2.3, §3.1.2.5).
inline constexpr int kHalfWarpSize = 16;

enum class AccessKind : std::uint8_t { Load, Store };

/// Where a global load may be cached, per access, as PTX's ld.ca / ld.cg (or -Xptxas -dlcm=ca|cg) choose.
enum class L1Policy : std::uint8_t {
    DeviceDefault, ///< the profile's caches.l1CachesGlobalLoads
    CacheInL1, ///< ld.ca: cache in L1 and L2
    L2Only, ///< ld.cg: cache in L2 only
};

/// One warp-level memory instruction: each lane's byte address and which lanes take part.
/// Plain data, no heap: the executor fills one per memory instruction and reuses it.
/// Addresses of active lanes are assumed naturally aligned to bytesPerLane (hardware faults otherwise;
/// the executor reports that as the user's error before the memory model sees the access).
struct WarpAccess {
    std::array<std::uint64_t, kWarpSize> laneAddresses {}; ///< bytes; only active lanes are read
    std::uint32_t activeMask = 0; ///< bit k set: lane k accesses memory
    int bytesPerLane = 4; ///< 1, 2, 4, 8 or 16
    AccessKind kind = AccessKind::Load;
    L1Policy l1Policy = L1Policy::DeviceDefault; ///< global loads only
};

inline constexpr std::uint32_t laneBit(int lane) { return std::uint32_t { 1 } << static_cast<unsigned>(lane); }

inline constexpr bool isLaneActive(std::uint32_t mask, int lane) { return (mask & laneBit(lane)) != 0; }

/// Lowest set lane of a non-empty mask.
inline int lowestLane(std::uint32_t mask) { return std::countr_zero(mask); }

/// Lanes set in `mask`; a whole warp without a population count (a library call on baseline x86-64).
inline int laneCount(std::uint32_t mask) { return mask == 0xffffffffu ? kWarpSize : std::popcount(mask); }

/// Lanes [first, first + count) as a mask.
inline constexpr std::uint32_t laneRange(int first, int count)
{
    const std::uint64_t bits = ((std::uint64_t { 1 } << static_cast<unsigned>(count)) - 1) << static_cast<unsigned>(first);
    return static_cast<std::uint32_t>(bits);
}

/// Half-warp h (0 or 1) as a lane mask.
inline constexpr std::uint32_t halfWarpLanes(int h) { return laneRange(h * kHalfWarpSize, kHalfWarpSize); }

inline constexpr bool isValidBytesPerLane(int bytes)
{
    return bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8 || bytes == 16;
}

} // namespace engine
