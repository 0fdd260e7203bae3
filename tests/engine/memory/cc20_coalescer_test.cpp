// CC 2.x: 128-byte L1 lines or 32-byte L2 segments per warp (DIGEST §2.3, §2.6, §14 rows 12-14).
#include "engine/memory/cc20_coalescer.h"
#include "tests/engine/memory/warp_patterns.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace testing_fixtures;
using engine::L1Policy;

namespace {

engine::CoalescingResult coalesceCc20(engine::WarpAccess access, L1Policy policy = L1Policy::DeviceDefault)
{
    access.l1Policy = policy;
    engine::CoalescingResult result;
    engine::Cc20Coalescer(true).coalesce(access, result);
    return result;
}

int lines(const engine::WarpAccess& access)
{
    return coalesceCc20(access, L1Policy::CacheInL1).transactionCount;
}
int segments(const engine::WarpAccess& access)
{
    return coalesceCc20(access, L1Policy::L2Only).transactionCount;
}

} // namespace

TEST(Cc20Coalescer, AlignedWarpIsOneL1LineOrFourL2Segments)
{
    // best-practices-guide-v8.0.txt §9.2.1.1: "a single 128B L1 cache line and therefore a single coalesced
    // transaction"; §9.2.1.3 (M2090, offset 0): "4 L2 cache segment loads (for non-L1-caching loads)".
    const auto l1 = coalesceCc20(sequentialAccess(kBufferBase));
    EXPECT_EQ(l1.unit, engine::TransactionUnit::L1Line);
    ASSERT_EQ(l1.transactionCount, 1);
    EXPECT_EQ(l1.transactions[0].sizeBytes, 128u);
    EXPECT_EQ(l1.transactions[0].laneMask, 0xFFFFFFFFu);
    const auto l2 = coalesceCc20(sequentialAccess(kBufferBase), L1Policy::L2Only);
    EXPECT_EQ(l2.unit, engine::TransactionUnit::L2Segment);
    EXPECT_EQ(l2.transactionCount, 4);
    EXPECT_EQ(l2.sectorCount, 4);
    EXPECT_EQ(l2.lineCount, 1);
}

TEST(Cc20Coalescer, PermutedWithinTheLineIsStillOneLine)
{
    // §9.2.1.1: accesses permuted within the line still take one 128-byte line.
    auto access = sequentialAccess(kBufferBase);
    std::reverse(access.laneAddresses.begin(), access.laneAddresses.end());
    access = swapLanes(access, 0, 17);
    EXPECT_EQ(lines(access), 1);
    EXPECT_EQ(segments(access), 4);
}

TEST(Cc20Coalescer, UnrequestedWordsStillFetchTheWholeLine)
{
    // §9.2.1.1: "all data in the cache line is fetched anyway" when some threads do not take part.
    const auto r = coalesceCc20(onlyLanes(sequentialAccess(kBufferBase), {0, 5, 31}));
    EXPECT_EQ(r.transactionCount, 1);
    EXPECT_EQ(r.bytesMoved, 128u);
    EXPECT_EQ(r.bytesRequested, 12u);
}

TEST(Cc20Coalescer, MisalignedWarpIsTwoLinesOrFiveSegments)
{
    // §9.2.1.2 Fig. 4 "fit into two 128-byte L1-cache lines"; Fig. 5 "fall within five 32-byte L2-cache segments";
    // §9.2.1.3: "fetches twice as many bytes as it requires, whereas in the non-caching case, only 5/4".
    const auto access = sequentialAccess(kBufferBase + 4);
    const auto l1 = coalesceCc20(access, L1Policy::CacheInL1);
    const auto l2 = coalesceCc20(access, L1Policy::L2Only);
    EXPECT_EQ(l1.transactionCount, 2);
    EXPECT_EQ(l2.transactionCount, 5);
    EXPECT_EQ(l1.bytesMoved, 2 * l1.bytesRequested);
    EXPECT_EQ(4 * l2.bytesMoved, 5 * l2.bytesRequested);
}

TEST(Cc20Coalescer, StrideTwoIsTwoLinesOrEightSegments)
{
    // §9.2.1.4 Fig. 7: stride 2 → 2 L1 lines / 8 L2 segments, 50 % load/store efficiency.
    const auto l1 = coalesceCc20(strideCopyWarp(2), L1Policy::CacheInL1);
    EXPECT_EQ(l1.transactionCount, 2);
    EXPECT_DOUBLE_EQ(l1.efficiency(), 0.5);
    EXPECT_EQ(segments(strideCopyWarp(2)), 8);
}

TEST(Cc20Coalescer, LargeStrideLoads32Lines)
{
    // §9.2.1.4: "32 lines of cache are loaded for the 32 threads in a warp".
    EXPECT_EQ(lines(strideCopyWarp(32)), 32);
    EXPECT_EQ(lines(strideCopyWarp(1024)), 32);
}

TEST(Cc20Coalescer, AllLanesReadingOneWordIsOneTransaction)
{
    // §9.2.2.2 simpleMultiply's A: "only 1 transaction on devices of compute capability 2.0 or higher".
    const auto r = coalesceCc20(stridedAccess(kBufferBase + 40, 0));
    EXPECT_EQ(r.transactionCount, 1);
    EXPECT_EQ(r.sectorCount, 1);
}

TEST(Cc20Coalescer, OffsetCopyLinesAndSegments)
{
    // DIGEST §2.6 offsetCopy: 1 line at multiples of 32 words else 2; 4 segments at multiples of 8 else 5
    // (best-practices-guide-v8.0.txt §9.2.1.3: "four to five L2 cache segments").
    for (int offset = 0; offset <= 32; ++offset) {
        EXPECT_EQ(lines(offsetCopyWarp(offset)), offset % 32 == 0 ? 1 : 2) << "offset " << offset;
        EXPECT_EQ(segments(offsetCopyWarp(offset)), offset % 8 == 0 ? 4 : 5) << "offset " << offset;
    }
}

TEST(Cc20Coalescer, StrideCopyLinesAndSegments)
{
    // DIGEST §2.6 strideCopy: stride s → min(s, 32) lines; 4s segments up to 32.
    for (int stride : { 1, 2, 3, 4, 5, 6, 7, 8, 16, 32 }) {
        EXPECT_EQ(lines(strideCopyWarp(stride)), std::min(stride, 32)) << "stride " << stride;
        EXPECT_EQ(segments(strideCopyWarp(stride)), std::min(4 * stride, 32)) << "stride " << stride;
    }
}

TEST(Cc20Coalescer, StoresCountL2Segments)
{
    // [GAP] decision (cc20_coalescer.h): Fermi global stores are not cached in L1.
    const auto r = coalesceCc20(stridedAccess(kBufferBase, 1, 4, engine::AccessKind::Store), L1Policy::CacheInL1);
    EXPECT_EQ(r.unit, engine::TransactionUnit::L2Segment);
    EXPECT_EQ(r.transactionCount, 4);
}

TEST(Cc20Coalescer, WideWordsAreSplitIntoHalfAndQuarterWarpRequests)
{
    // Programming Guide CC 2.x: 8-byte words → one request per half-warp, 16-byte → per quarter-warp.
    EXPECT_EQ(lines(sequentialAccess(kBufferBase, 8)), 2);
    EXPECT_EQ(lines(sequentialAccess(kBufferBase, 16)), 4);
    // Every quarter-warp reads the same line: four separate line requests.
    EXPECT_EQ(lines(stridedAccess(kBufferBase, 0, 16)), 4);
}

TEST(Cc20Coalescer, DeviceDefaultFollowsTheProfile)
{
    engine::CoalescingResult result;
    engine::Cc20Coalescer(false).coalesce(sequentialAccess(kBufferBase), result);
    EXPECT_EQ(result.unit, engine::TransactionUnit::L2Segment);
    EXPECT_EQ(result.transactionCount, 4);
}

TEST(Cc20Coalescer, ExplanationSaysWhichCacheAndHowMuchWasMoved)
{
    const std::string text = engine::Cc20Coalescer(true).explain(strideCopyWarp(2));
    EXPECT_NE(text.find("128-byte L1 lines"), std::string::npos) << text;
    EXPECT_NE(text.find("256 bytes moved for 128 requested (50 %)"), std::string::npos) << text;
}
