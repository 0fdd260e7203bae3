// CC 1.2/1.3 segment coalescing: the seeds' worked examples (DIGEST §2.2, §2.6, §14 rows 8-11).
#include "engine/memory/cc12_coalescer.h"
#include "tests/engine/memory/warp_patterns.h"

#include <gtest/gtest.h>

#include <vector>

using namespace testing_fixtures;

namespace {

engine::CoalescingResult coalesceCc12(const engine::WarpAccess& access)
{
    engine::CoalescingResult result;
    engine::Cc12Coalescer().coalesce(access, result);
    return result;
}

std::vector<std::uint32_t> sizesOf(const engine::CoalescingResult& result)
{
    std::vector<std::uint32_t> sizes;
    for (const auto& transaction : result.view())
        sizes.push_back(transaction.sizeBytes);
    return sizes;
}

} // namespace

TEST(Cc12Coalescer, RandomFloatsWithinAligned64BytesAreOne64ByteTransaction)
{
    // opencl-programming-guide-2.3.txt §3.1.2.1 Fig. 3-4 left: "random float memory access within a 64B
    // segment, resulting in one memory transaction" (a permutation of the 16 words of [base, base + 64)).
    auto access = firstHalfWarp(sequentialAccess(kBufferBase));
    const int permutation[16] = { 5, 0, 9, 3, 15, 1, 7, 12, 2, 14, 4, 8, 11, 6, 13, 10 };
    for (int lane = 0; lane < 16; ++lane)
        access.laneAddresses[static_cast<std::size_t>(lane)] = kBufferBase + 4u * static_cast<unsigned>(permutation[lane]);
    const auto r = coalesceCc12(access);
    ASSERT_EQ(r.transactionCount, 1);
    EXPECT_EQ(r.transactions[0].sizeBytes, 64u);
    EXPECT_EQ(r.transactions[0].address, kBufferBase);
}

TEST(Cc12Coalescer, MisalignedFloatsInOne128ByteSegmentAreOneTransaction)
{
    // Fig. 3-4 center: "misaligned float memory access, resulting in one transaction" (bytes 16..79).
    const auto r = coalesceCc12(firstHalfWarp(sequentialAccess(kBufferBase + 16)));
    EXPECT_EQ(sizesOf(r), (std::vector<std::uint32_t> { 128 }));
}

TEST(Cc12Coalescer, MisalignedFloatsAcrossSegmentsAreTwoReducedTransactions)
{
    // Fig. 3-4 right: "misaligned float memory access, resulting in two transactions" (bytes 68..131):
    // the upper half of the first segment (64 bytes) and 32 bytes of the next.
    const auto r = coalesceCc12(firstHalfWarp(sequentialAccess(kBufferBase + 68)));
    ASSERT_EQ(sizesOf(r), (std::vector<std::uint32_t> { 64, 32 }));
    EXPECT_EQ(r.transactions[0].address, kBufferBase + 64);
    EXPECT_EQ(r.transactions[1].address, kBufferBase + 128);
    EXPECT_EQ(r.transactions[1].laneMask, 1u << 15);
}

TEST(Cc12Coalescer, SixteenByteWordsNeedAtLeastTwoTransactions)
{
    // §3.1.2.1: "if threads access 16-byte words, at least two memory transactions are issued".
    const auto r = coalesceCc12(firstHalfWarp(sequentialAccess(kBufferBase, 16)));
    EXPECT_EQ(sizesOf(r), (std::vector<std::uint32_t> { 128, 128 }));
}

TEST(Cc12Coalescer, SameAddressForAllLanesIsOneSmallTransaction)
{
    // §3.1.2.1: coalescing holds "including patterns where multiple threads access the same address".
    const auto r = coalesceCc12(stridedAccess(kBufferBase + 8, 0));
    EXPECT_EQ(sizesOf(r), (std::vector<std::uint32_t> { 32, 32 })); // one per half-warp
}

TEST(Cc12Coalescer, SegmentSizeFollowsWordSize)
{
    // §3.1.2.1: 32 bytes for 1-byte words, 64 for 2-byte, 128 for 4-, 8- and 16-byte words.
    EXPECT_EQ(engine::Cc12Coalescer::segmentBytes(1), 32u);
    EXPECT_EQ(engine::Cc12Coalescer::segmentBytes(2), 64u);
    EXPECT_EQ(engine::Cc12Coalescer::segmentBytes(4), 128u);
    EXPECT_EQ(engine::Cc12Coalescer::segmentBytes(16), 128u);
    // Sixteen consecutive chars fill half of a 32-byte segment: reduction stops at 32 bytes.
    EXPECT_EQ(
        sizesOf(coalesceCc12(firstHalfWarp(sequentialAccess(kBufferBase, 1)))), (std::vector<std::uint32_t> {32}));
}

TEST(Cc12Coalescer, OffsetCopyTransactionSizes)
{
    // DIGEST §2.6 offsetCopy, CC 1.2/1.3 column.
    using Sizes = std::vector<std::uint32_t>;
    const std::pair<int, Sizes> expected[] = { { 0, { 64, 64 } }, { 1, { 128, 64, 32 } }, { 7, { 128, 64, 32 } },
        { 8, { 128, 32, 32 } }, { 9, { 128, 32, 64 } }, { 16, { 64, 64 } }, { 17, { 64, 32, 128 } },
        { 24, { 32, 32, 128 } }, { 25, { 32, 64, 128 } }, { 31, { 32, 64, 128 } }, { 32, { 64, 64 } } };
    for (const auto& [offset, sizes] : expected)
        EXPECT_EQ(sizesOf(coalesceCc12(offsetCopyWarp(offset))), sizes) << "offset " << offset;
}

TEST(Cc12Coalescer, StrideCopyTransactionsAndBytes)
{
    // DIGEST §2.6 strideCopy, CC 1.2/1.3 column: transactions (bytes moved).
    const std::tuple<int, int, std::uint64_t> expected[] = { { 1, 2, 128 }, { 2, 2, 256 }, { 3, 4, 384 },
        { 4, 4, 512 }, { 5, 6, 640 }, { 6, 6, 768 }, { 7, 8, 896 }, { 8, 8, 1024 }, { 16, 16, 2048 },
        { 32, 32, 1024 } };
    for (const auto& [stride, transactions, bytes] : expected) {
        const auto r = coalesceCc12(strideCopyWarp(stride));
        EXPECT_EQ(r.transactionCount, transactions) << "stride " << stride;
        EXPECT_EQ(r.bytesMoved, bytes) << "stride " << stride;
    }
}

TEST(Cc12Coalescer, ExplanationShowsTheReduction)
{
    const std::string text = engine::Cc12Coalescer().explain(firstHalfWarp(sequentialAccess(kBufferBase + 68)));
    EXPECT_NE(text.find("reduced to 64 bytes"), std::string::npos) << text;
    EXPECT_NE(text.find("half-warp 1: no active lane"), std::string::npos) << text;
}
