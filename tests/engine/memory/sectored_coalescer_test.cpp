// CC 3.0 and later: 32-byte sectors per warp (DIGEST §2.4, §2.5, §2.6, §14 rows 15-17).
#include "engine/memory/global_coalescer.h"
#include "engine/memory/sectored_coalescer.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/memory/warp_patterns.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace testing_fixtures;

namespace {

engine::CoalescingResult coalesceOn(const std::string& device, const engine::WarpAccess& access)
{
    engine::CoalescingResult result;
    engine::makeGlobalCoalescer(builtinProfile(device))->coalesce(access, result);
    return result;
}

int sectors(const engine::WarpAccess& access) { return coalesceOn("v100", access).transactionCount; }

} // namespace

TEST(SectoredCoalescer, AlignedWarpIsFour32ByteTransactions)
{
    // best-practices-guide-current.txt §9.2.1.1: "four coalesced 32-byte transactions will service that
    // memory access".
    const auto r = coalesceOn("v100", sequentialAccess(kBufferBase));
    EXPECT_EQ(r.unit, engine::TransactionUnit::Sector);
    ASSERT_EQ(r.transactionCount, 4);
    EXPECT_EQ(r.transactions[1].address, kBufferBase + 32);
    EXPECT_EQ(r.transactions[1].laneMask, 0x0000FF00u);
    EXPECT_EQ(r.sectorCount, 4);
    EXPECT_EQ(r.lineCount, 1);
    EXPECT_EQ(r.requestCount, 1);
}

TEST(SectoredCoalescer, PermutedWarpIsStillFourTransactions)
{
    // §9.2.1.1: "still only four 32-byte transactions would have been performed".
    auto access = sequentialAccess(kBufferBase);
    std::rotate(access.laneAddresses.begin(), access.laneAddresses.begin() + 13, access.laneAddresses.end());
    access = swapLanes(access, 2, 30);
    EXPECT_EQ(sectors(access), 4);
}

TEST(SectoredCoalescer, MisalignedWarpIsFiveSegments)
{
    // §9.2.1.2 Fig. 4: "five 32-byte segments will be requested".
    const auto r = coalesceOn("v100", sequentialAccess(kBufferBase + 4));
    EXPECT_EQ(r.transactionCount, 5);
    EXPECT_EQ(r.lineCount, 2);
}

TEST(SectoredCoalescer, OffsetCopyFourAtMultiplesOfEightWordsElseFive)
{
    // §9.2.1.3 (V100): "offsets that are multiples of 8 words result in four 32-byte transactions ...
    // Otherwise, five 32-byte segments are loaded per warp".
    for (int offset = 0; offset <= 32; ++offset)
        EXPECT_EQ(sectors(offsetCopyWarp(offset)), offset % 8 == 0 ? 4 : 5) << "offset " << offset;
}

TEST(SectoredCoalescer, StrideTwoIsEightSegmentsLargeStrideIs32)
{
    // §9.2.1.4: stride 2 → "a load of eight L2 cache segments per warp on the Tesla V100"; large strides
    // → "32 32-byte segments are loaded for the 32 threads in a warp".
    EXPECT_EQ(sectors(strideCopyWarp(2)), 8);
    EXPECT_DOUBLE_EQ(coalesceOn("v100", strideCopyWarp(2)).efficiency(), 0.5);
    for (int stride : { 8, 16, 32, 1000 })
        EXPECT_EQ(sectors(strideCopyWarp(stride)), 32) << "stride " << stride;
    for (int stride = 1; stride <= 8; ++stride)
        EXPECT_EQ(sectors(strideCopyWarp(stride)), 4 * stride) << "stride " << stride;
}

TEST(SectoredCoalescer, AllLanesOneWordIsOneTransaction)
{
    // §9.2.2.2: "only one 4-byte word out of 8 words in a 32-byte cache segment is used".
    const auto r = coalesceOn("h100", stridedAccess(kBufferBase + 12, 0));
    EXPECT_EQ(r.transactionCount, 1);
    EXPECT_DOUBLE_EQ(static_cast<double>(r.bytesRequested) / 32.0, 4.0); // 32 lanes × 4 bytes, one sector moved
}

TEST(SectoredCoalescer, L1CachingDoesNotChangeTheUnitFromCc60)
{
    // best-practices-guide-current.txt §9.2.1: "the data access unit is 32-byte regardless of whether global
    // loads are cached in L1 or not" (h100 caches loads in L1 by default).
    auto access = strideCopyWarp(2);
    access.l1Policy = engine::L1Policy::CacheInL1;
    const auto r = coalesceOn("h100", access);
    EXPECT_EQ(r.unit, engine::TransactionUnit::Sector);
    EXPECT_EQ(r.transactionCount, 8);
}

TEST(SectoredCoalescer, K20xOptInL1CountsThe128ByteSegments)
{
    // best-practices-guide-current.txt §9.2.1: on CC 3.5/3.7/5.2 with L1 caching enabled "the number of
    // required transactions is equal to the number of required 128-byte aligned segments".
    auto access = offsetCopyWarp(1);
    EXPECT_EQ(coalesceOn("k20x", access).transactionCount, 5); // L2 only by default
    access.l1Policy = engine::L1Policy::CacheInL1;
    const auto r = coalesceOn("k20x", access);
    EXPECT_EQ(r.unit, engine::TransactionUnit::L1Line);
    EXPECT_EQ(r.transactionCount, 2);
    EXPECT_EQ(r.sectorCount, 5);
}

TEST(SectoredCoalescer, StoresCountSectors)
{
    const auto r = coalesceOn("v100", stridedAccess(kBufferBase + 4, 1, 4, engine::AccessKind::Store));
    EXPECT_EQ(r.transactionCount, 5);
}

TEST(SectoredCoalescer, WideWordsTouchOneSectorPerTwoOrFourLanes)
{
    EXPECT_EQ(sectors(sequentialAccess(kBufferBase, 8)), 8);
    EXPECT_EQ(sectors(sequentialAccess(kBufferBase, 16)), 16);
    EXPECT_EQ(sectors(sequentialAccess(kBufferBase, 2)), 2);
}

TEST(SectoredCoalescer, NoActiveLaneCostsNothing)
{
    auto access = sequentialAccess(kBufferBase);
    access.activeMask = 0;
    const auto r = coalesceOn("h100", access);
    EXPECT_EQ(r.transactionCount, 0);
    EXPECT_EQ(r.requestCount, 0);
    EXPECT_EQ(r.bytesMoved, 0u);
}
