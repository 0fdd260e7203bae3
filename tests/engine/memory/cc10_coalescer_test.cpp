// CC 1.0/1.1 strict half-warp coalescing: the seeds' worked examples (DIGEST §2.1, §2.6, §14 rows 1-7).
#include "engine/memory/cc10_coalescer.h"
#include "tests/engine/memory/warp_patterns.h"

#include <gtest/gtest.h>

using namespace testing_fixtures;
using engine::HalfWarpVerdict;

namespace {

engine::CoalescingResult coalesceCc10(const engine::WarpAccess& access)
{
    engine::CoalescingResult result;
    engine::Cc10Coalescer().coalesce(access, result);
    return result;
}

} // namespace

TEST(Cc10Coalescer, FloatKthThreadKthWordIsOne64ByteTransaction)
{
    // opencl-programming-guide-2.3.txt §3.1.2.1: "4-byte words, resulting in one 64-byte memory transaction".
    const auto r = coalesceCc10(firstHalfWarp(sequentialAccess(kBufferBase + 64, 4)));
    ASSERT_EQ(r.transactionCount, 1);
    EXPECT_EQ(r.transactions[0].address, kBufferBase + 64);
    EXPECT_EQ(r.transactions[0].sizeBytes, 64u);
    EXPECT_EQ(r.transactions[0].laneMask, 0xFFFFu);
    EXPECT_EQ(r.unit, engine::TransactionUnit::Segment);
}

TEST(Cc10Coalescer, DoubleKthThreadKthWordIsOne128ByteTransaction)
{
    // §3.1.2.1: "8-byte words, resulting in one 128-byte memory transaction".
    const auto r = coalesceCc10(firstHalfWarp(sequentialAccess(kBufferBase + 128, 8)));
    ASSERT_EQ(r.transactionCount, 1);
    EXPECT_EQ(r.transactions[0].sizeBytes, 128u);
}

TEST(Cc10Coalescer, Float4KthThreadKthWordIsTwo128ByteTransactions)
{
    // §3.1.2.1: "16-byte words, resulting in two 128-byte memory transactions".
    const auto r = coalesceCc10(firstHalfWarp(sequentialAccess(kBufferBase, 16)));
    ASSERT_EQ(r.transactionCount, 2);
    EXPECT_EQ(r.transactions[0].address, kBufferBase);
    EXPECT_EQ(r.transactions[1].address, kBufferBase + 128);
    EXPECT_EQ(r.transactions[0].laneMask, 0x00FFu);
    EXPECT_EQ(r.transactions[1].laneMask, 0xFF00u);
    EXPECT_EQ(r.bytesMoved, 256u);
}

TEST(Cc10Coalescer, DivergentHalfWarpStillCoalesces)
{
    // §3.1.2.1 Fig. 3-1 right: "coalesced float memory access (divergent warp), resulting in a single
    // memory transaction"; "coalescing is achieved even if ... some threads ... do not actually access memory".
    const auto r = coalesceCc10(onlyLanes(sequentialAccess(kBufferBase), {0, 1, 2, 5, 6, 9, 13, 15}));
    ASSERT_EQ(r.transactionCount, 1);
    EXPECT_EQ(r.transactions[0].sizeBytes, 64u);
    EXPECT_EQ(r.bytesRequested, 32u);
}

TEST(Cc10Coalescer, HalfWarpWithFirstLaneInactiveStillCoalesces)
{
    const auto r = coalesceCc10(onlyLanes(sequentialAccess(kBufferBase), {3, 4, 7}));
    ASSERT_EQ(r.transactionCount, 1);
    EXPECT_EQ(r.transactions[0].address, kBufferBase);
}

TEST(Cc10Coalescer, TwoSwappedLanesGive16Transactions)
{
    // §3.1.2.1 Fig. 3-2 left: "non-sequential float memory access, resulting in 16 memory transactions".
    const auto access = firstHalfWarp(swapLanes(sequentialAccess(kBufferBase), 3, 4));
    const auto r = coalesceCc10(access);
    EXPECT_EQ(r.transactionCount, 16);
    const auto check = engine::checkCc10HalfWarp(access, 0);
    EXPECT_EQ(check.verdict, HalfWarpVerdict::OutOfSequence);
    EXPECT_EQ(check.lane, 3);
    EXPECT_EQ(check.wordIndex, 4);
}

TEST(Cc10Coalescer, MisalignedStartGives16Transactions)
{
    // §3.1.2.1 Fig. 3-2 right: "access with a misaligned starting address, resulting in 16 memory transactions".
    const auto access = firstHalfWarp(sequentialAccess(kBufferBase + 4));
    EXPECT_EQ(coalesceCc10(access).transactionCount, 16);
    EXPECT_EQ(engine::checkCc10HalfWarp(access, 0).verdict, HalfWarpVerdict::Misaligned);
}

TEST(Cc10Coalescer, NonContiguousAccessGives16Transactions)
{
    // §3.1.2.1 Fig. 3-3 left: "non-contiguous float memory access, resulting in 16 memory transactions".
    auto access = firstHalfWarp(sequentialAccess(kBufferBase));
    for (int lane = 8; lane < 16; ++lane)
        access.laneAddresses[static_cast<std::size_t>(lane)] += 4;
    EXPECT_EQ(coalesceCc10(access).transactionCount, 16);
}

TEST(Cc10Coalescer, Float3ArrayGives16Transactions)
{
    // §3.1.2.1 Fig. 3-3 right: "non-coalesced float3 memory access, resulting in 16 memory transactions":
    // each member is read with a 12-byte stride.
    const auto access = firstHalfWarp(stridedAccess(kBufferBase, 3, 4));
    const auto r = coalesceCc10(access);
    EXPECT_EQ(r.transactionCount, 16);
    EXPECT_EQ(r.transactions[0].sizeBytes, engine::Cc10Coalescer::kPerThreadTransactionBytes);
    EXPECT_EQ(engine::checkCc10HalfWarp(access, 0).lane, 1);
}

TEST(Cc10Coalescer, ByteWordsNeverCoalesce)
{
    // §3.1.2.1 condition 1: only 4-, 8- or 16-byte words coalesce on CC 1.0/1.1.
    const auto r = coalesceCc10(firstHalfWarp(sequentialAccess(kBufferBase, 1)));
    EXPECT_EQ(r.transactionCount, 16);
}

TEST(Cc10Coalescer, OffsetCopyPerWarpTransactions)
{
    // DIGEST §2.6 offsetCopy, CC 1.0/1.1 column: offsets 0, 16 and 32 words coalesce per half-warp.
    const std::pair<int, int> expected[] = { { 0, 2 }, { 1, 32 }, { 7, 32 }, { 8, 32 }, { 15, 32 }, { 16, 2 },
        { 17, 32 }, { 24, 32 }, { 31, 32 }, { 32, 2 } };
    for (const auto& [offset, transactions] : expected)
        EXPECT_EQ(coalesceCc10(offsetCopyWarp(offset)).transactionCount, transactions) << "offset " << offset;
}

TEST(Cc10Coalescer, StrideCopyPerWarpTransactions)
{
    // DIGEST §2.6 strideCopy, CC 1.0/1.1 column: only stride 1 coalesces.
    EXPECT_EQ(coalesceCc10(strideCopyWarp(1)).transactionCount, 2);
    for (int stride : { 2, 3, 4, 8, 16, 32 })
        EXPECT_EQ(coalesceCc10(strideCopyWarp(stride)).transactionCount, 32) << "stride " << stride;
}

TEST(Cc10Coalescer, ExplanationNamesTheLaneOutOfSequence)
{
    const auto access = swapLanes(sequentialAccess(kBufferBase), 3, 4);
    const std::string text = engine::Cc10Coalescer().explain(access);
    EXPECT_NE(text.find("half-warp 0: lane 3 accesses word 4, not word 3 → 16 transactions"), std::string::npos)
        << text;
    EXPECT_NE(text.find("half-warp 1: lanes 16-31 access the k-th 4-byte word"), std::string::npos) << text;
}
