// zeroedByteVector: every buffer starts at zero and has its size, small or large (storage marked for huge pages
// before first touch, its pages faulted in on several threads), also after an earlier buffer of the same size was
// written and freed.
#include "engine/common/huge_pages.h"

#include <gtest/gtest.h>

#include <algorithm>

TEST(ZeroedByteVector, EveryBufferStartsAtZero)
{
    for (const std::size_t count : { std::size_t { 0 }, std::size_t { 1 }, std::size_t { 4096 },
             3 * engine::kHugePageBytes + 5 }) {
        for (int round = 0; round < 4; ++round) {
            const unsigned threads = round < 2 ? 1 : 3;
            std::vector<std::uint8_t> bytes = engine::zeroedByteVector(count, threads);
            ASSERT_EQ(count, bytes.size());
            EXPECT_TRUE(std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; }))
                << count << " bytes, round " << round << ", " << threads << " threads";
            std::fill(bytes.begin(), bytes.end(), std::uint8_t { 0xa5 }); // freed written: the next must be zero
        }
    }
}

TEST(ZeroedByteVector, AdvisingPartsOfABlockLeavesItsBytesAlone)
{
    std::vector<std::uint8_t> bytes(20 * engine::kHugePageBytes, 7);
    engine::adviseHugePages(bytes.data() + 1, bytes.size() - 2); // unaligned ends: only whole huge pages inside
    engine::adviseHugePages(bytes.data(), 100); // no huge page inside: nothing
    engine::populateForWriting(bytes.data() + 1, bytes.size() - 2, 3); // faulting pages in writes nothing
    engine::populateForWriting(bytes.data(), 100, 3);
    EXPECT_TRUE(std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 7; }));
}
