// GlobalAccessMemo: an access moved by whole lines touches the same sectors moved, with the same lanes
// (best-practices-guide-current.txt §9.2.1: sectors of 32 bytes grouped in 128-byte lines).
#include "engine/timing/global_access_memo.h"
#include "tests/engine/memory/warp_patterns.h"

#include <gtest/gtest.h>

#include <random>

using namespace testing_fixtures;

namespace {

engine::TouchedBlocks sectorsOf(const engine::WarpAccess& access)
{
    engine::TouchedBlocks sectors;
    engine::collectTouchedBlocks(access, access.activeMask, 32, sectors);
    return sectors;
}

engine::WarpAccess moved(engine::WarpAccess access, std::uint64_t bytes)
{
    for (auto& address : access.laneAddresses)
        address += bytes;
    return access;
}

void expectSameSectors(const engine::TouchedBlocks& got, const engine::TouchedBlocks& want)
{
    ASSERT_EQ(got.count, want.count);
    for (std::size_t i = 0; i < static_cast<std::size_t>(got.count); ++i) {
        EXPECT_EQ(got.blockIndex[i], want.blockIndex[i]) << i;
        EXPECT_EQ(got.laneMask[i], want.laneMask[i]) << i;
    }
}

} // namespace

TEST(GlobalAccessMemo, StrideCopyWarpsMoveByWholeLines)
{
    // strideCopy with stride 2 (best-practices-guide-v8.0.txt §9.2.1.4): warp w reads 256 bytes from 256 w, so
    // each warp's sectors are warp 0's moved by two lines.
    engine::timing::GlobalAccessMemo memo(128);
    const auto warp0 = strideCopyWarp(2);
    memo.remember(3, warp0, 1, sectorsOf(warp0));
    for (std::uint64_t w = 1; w < 8; ++w) {
        const auto access = moved(warp0, 256 * w);
        const auto found = memo.match(3, access, 1, true);
        ASSERT_NE(found.entry, nullptr);
        EXPECT_TRUE(found.lines);
        EXPECT_EQ(found.move, 256 * w);
        engine::TouchedBlocks sectors;
        engine::timing::GlobalAccessMemo::moveSectors(*found.entry, found.move, sectors);
        expectSameSectors(sectors, sectorsOf(access));
    }
}

TEST(GlobalAccessMemo, OnlyWholeLinesAndTheSameTagMatch)
{
    // offsetCopy (§9.2.1.3): an offset of one word moves the access off its sectors' boundaries.
    engine::timing::GlobalAccessMemo memo(128);
    const auto access = offsetCopyWarp(0);
    memo.remember(0, access, 1, sectorsOf(access));
    EXPECT_FALSE(memo.match(0, offsetCopyWarp(1), 1, true).lines);
    EXPECT_EQ(memo.match(0, offsetCopyWarp(32), 2, true).entry, nullptr); // another operation
    EXPECT_EQ(memo.match(1, offsetCopyWarp(32), 1, true).entry, nullptr); // another instruction
    EXPECT_TRUE(memo.match(0, offsetCopyWarp(32), 1, true).lines);
    EXPECT_TRUE(memo.match(0, offsetCopyWarp(-64), 1, true).lines); // moved down
}

TEST(GlobalAccessMemo, MovedSectorsAreTheCollectedOnesOnRandomAccesses)
{
    std::mt19937_64 random(7);
    engine::timing::GlobalAccessMemo memo(128);
    int found = 0;
    for (int trial = 0; trial < 300; ++trial) {
        engine::WarpAccess access;
        const int widths[] = { 1, 2, 4, 8, 16 };
        access.bytesPerLane = widths[random() % 5];
        access.activeMask = random() % 2 ? 0xffffffffu : static_cast<std::uint32_t>(random()) | 1u;
        const auto stride = random() % 70;
        for (std::size_t lane = 0; lane < 32; ++lane)
            access.laneAddresses[lane] = kBufferBase + (random() % 3 == 0 ? random() % 64 : lane * stride)
                * static_cast<std::uint64_t>(access.bytesPerLane);
        memo.remember(0, access, 0, sectorsOf(access));
        const auto next = moved(access, 128 * (random() % 9));
        const auto match = memo.match(0, next, 0, random() % 2 == 0);
        ASSERT_NE(match.entry, nullptr);
        EXPECT_TRUE(match.lines);
        engine::TouchedBlocks sectors;
        engine::timing::GlobalAccessMemo::moveSectors(*match.entry, match.move, sectors);
        expectSameSectors(sectors, sectorsOf(next));
        ++found;
    }
    EXPECT_EQ(found, 300);
}

TEST(GlobalAccessMemo, LoadsDownAColumnKeepTheirSectorsWithinThem)
{
    // A column walk (PolyBench atax's A[i * n + j], n = 64 floats): lane i reads row i, and each step of j moves
    // every lane 4 bytes within its sector, until the sector's end; then all move to the next sector, which for
    // j = 32 is the next line. Stores need the bytes: only whole lines do for them.
    engine::timing::GlobalAccessMemo memo(128);
    const auto column = [](int j) { return stridedAccess(kBufferBase + static_cast<std::uint64_t>(j) * 4, 64); };
    memo.remember(0, column(0), 1, sectorsOf(column(0)));
    for (int j = 1; j < 40; ++j) {
        const auto load = memo.match(0, column(j), 1, false);
        const bool sameLines = j < 8 || j >= 32;
        EXPECT_EQ(load.lines, sameLines) << j;
        if (load.lines) {
            EXPECT_EQ(load.move, j < 8 ? 0u : 128u) << j;
            engine::TouchedBlocks sectors;
            engine::timing::GlobalAccessMemo::moveSectors(*load.entry, load.move, sectors);
            expectSameSectors(sectors, sectorsOf(column(j)));
        }
        EXPECT_EQ(memo.match(0, column(j), 1, true).lines, j == 32) << j;
    }
}

TEST(GlobalAccessMemo, AWalkAWordAtATimeKeepsItsSectorsKnownBetweenLines)
{
    // The column walk again: from j = 8 to 31 the lanes' sectors moved by one to three sectors, not by a line. match
    // still gives them (moved), without a line move for the transactions; a store needs every lane moved by whole
    // sectors (j a multiple of 8: 32 bytes).
    engine::timing::GlobalAccessMemo memo(128);
    const auto column = [](int j) { return stridedAccess(kBufferBase + static_cast<std::uint64_t>(j) * 4, 64); };
    memo.remember(0, column(0), 1, sectorsOf(column(0)));
    for (int j = 1; j < 40; ++j) {
        const auto load = memo.match(0, column(j), 1, false);
        ASSERT_NE(load.entry, nullptr) << j;
        EXPECT_EQ(load.move, static_cast<std::uint64_t>(j / 8 * 32)) << j;
        EXPECT_EQ(load.lines, j < 8 || j >= 32) << j;
        engine::TouchedBlocks sectors;
        engine::timing::GlobalAccessMemo::moveSectors(*load.entry, load.move, sectors);
        expectSameSectors(sectors, sectorsOf(column(j)));
        const auto store = memo.match(0, column(j), 1, true);
        EXPECT_EQ(store.entry != nullptr, j % 8 == 0) << j;
        EXPECT_EQ(store.lines, j % 32 == 0) << j;
    }
}

TEST(GlobalAccessMemo, AnAccessMovedDownFindsItsSectorsBelow)
{
    // A loop walking down (i = n - 1 ... 0) moves each access down: the move is negative, modulo 2^64, and the
    // sectors it gives are those below, by lines or by sectors.
    engine::timing::GlobalAccessMemo memo(128);
    const auto high = offsetCopyWarp(1024);
    memo.remember(0, high, 1, sectorsOf(high));
    for (const int words : { -32, -8, -1024 }) {
        const auto low = offsetCopyWarp(1024 + words);
        const auto found = memo.match(0, low, 1, true);
        ASSERT_NE(found.entry, nullptr) << words;
        EXPECT_EQ(found.lines, words % 32 == 0) << words;
        engine::TouchedBlocks sectors;
        engine::timing::GlobalAccessMemo::moveSectors(*found.entry, found.move, sectors);
        expectSameSectors(sectors, sectorsOf(low));
    }
}
