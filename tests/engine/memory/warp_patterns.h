#pragma once

// Warp access patterns of the seeds' examples, for the memory tests.
#include "engine/memory/warp_access.h"

#include <cstdint>
#include <initializer_list>

namespace testing_fixtures {

/// A cudaMalloc-style base address: aligned to 256 bytes (best-practices-guide-v8.0.txt §9.2.1.2).
inline constexpr std::uint64_t kBufferBase = 0x7f0000100000;

/// Lane k accesses base + k × strideElements × bytesPerLane; all 32 lanes active.
inline engine::WarpAccess stridedAccess(std::uint64_t base, int strideElements, int bytesPerLane = 4,
    engine::AccessKind kind = engine::AccessKind::Load)
{
    engine::WarpAccess access;
    access.activeMask = 0xFFFFFFFFu;
    access.bytesPerLane = bytesPerLane;
    access.kind = kind;
    for (int lane = 0; lane < engine::kWarpSize; ++lane) {
        access.laneAddresses[static_cast<std::size_t>(lane)]
            = base + static_cast<std::uint64_t>(lane * strideElements * bytesPerLane);
    }
    return access;
}

/// Lane k accesses element k: the k-th thread the k-th word.
inline engine::WarpAccess sequentialAccess(std::uint64_t base, int bytesPerLane = 4)
{
    return stridedAccess(base, 1, bytesPerLane);
}

/// Warp 0 of offsetCopy (best-practices-guide-v8.0.txt §9.2.1.3): float idata[xid], xid = tid + offset.
inline engine::WarpAccess offsetCopyWarp(int offsetWords)
{
    return sequentialAccess(kBufferBase + static_cast<std::uint64_t>(offsetWords) * 4u);
}

/// Warp 0 of strideCopy (best-practices-guide-v8.0.txt §9.2.1.4): float idata[xid], xid = tid * stride.
inline engine::WarpAccess strideCopyWarp(int stride) { return stridedAccess(kBufferBase, stride); }

/// Swaps the addresses of two lanes.
inline engine::WarpAccess swapLanes(engine::WarpAccess access, int a, int b)
{
    std::swap(access.laneAddresses[static_cast<std::size_t>(a)], access.laneAddresses[static_cast<std::size_t>(b)]);
    return access;
}

/// Keeps only the first half-warp's lanes active (lanes 0-15).
inline engine::WarpAccess firstHalfWarp(engine::WarpAccess access)
{
    access.activeMask = engine::halfWarpLanes(0);
    return access;
}

/// Keeps only the listed lanes active.
inline engine::WarpAccess onlyLanes(engine::WarpAccess access, std::initializer_list<int> lanes)
{
    access.activeMask = 0;
    for (int lane : lanes)
        access.activeMask |= engine::laneBit(lane);
    return access;
}

} // namespace testing_fixtures
