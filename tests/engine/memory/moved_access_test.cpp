// MovedAccess: an access recognised as a remembered one moved as a whole, by the lanes it has.
#include "engine/memory/moved_access.h"

#include <gtest/gtest.h>

#include <cstdint>

using engine::AccessKind;
using engine::MovedAccess;
using engine::WarpAccess;

namespace {

/// Lane l reads 4 bytes at base + 4 l, for the lanes of `mask`; the others hold `idle`.
WarpAccess row(std::uint64_t base, std::uint32_t mask, std::uint64_t idle = 0)
{
    WarpAccess a;
    a.activeMask = mask;
    a.bytesPerLane = 4;
    a.kind = AccessKind::Load;
    for (std::uint32_t l = 0; l < 32; ++l)
        a.laneAddresses[l] = ((mask >> l) & 1u) != 0 ? base + 4 * l : idle;
    return a;
}

} // namespace

TEST(MovedAccess, AnAccessMovedAsAWholeMatchesByItsMove)
{
    MovedAccess memo;
    std::uint64_t move = 0;
    EXPECT_FALSE(memo.matches(row(4096, 0xffffffffu), 1, move)); // nothing remembered
    memo.remember(row(4096, 0xffffffffu));
    ASSERT_TRUE(memo.matches(row(4096 + 384, 0xffffffffu), 128, move));
    EXPECT_EQ(move, 384u);
    EXPECT_FALSE(memo.matches(row(4096 + 96, 0xffffffffu), 128, move)); // not a whole number of 128-byte lines
    WarpAccess bent = row(8192, 0xffffffffu);
    bent.laneAddresses[31] += 4;
    EXPECT_FALSE(memo.matches(bent, 1, move));
}

TEST(MovedAccess, ItsLanesAreThoseOfTheAccessRememberedLast)
{
    // The lanes' masks are made again only when the lanes change: each remembered access still counts by its own.
    MovedAccess memo;
    std::uint64_t move = 0;
    memo.remember(row(4096, 0xffffffffu));
    memo.remember(row(4096, 0x0000ffffu, 1)); // the upper half idle: its addresses do not matter
    EXPECT_TRUE(memo.matches(row(5120, 0x0000ffffu, 77), 1, move));
    EXPECT_EQ(move, 1024u);
    EXPECT_FALSE(memo.matches(row(5120, 0xffffffffu), 1, move)); // other lanes: another access
    memo.remember(row(4096, 0x0000ffffu, 1)); // the same lanes again
    EXPECT_TRUE(memo.matches(row(6144, 0x0000ffffu, 99), 1, move));
    memo.remember(row(4096, 0xffffffffu)); // every lane again: the upper half counts once more
    WarpAccess upperBent = row(6144, 0xffffffffu);
    upperBent.laneAddresses[20] += 4;
    EXPECT_FALSE(memo.matches(upperBent, 1, move));
    EXPECT_TRUE(memo.matches(row(6144, 0xffffffffu), 1, move));
    EXPECT_EQ(memo.laneBytes()[20], 0xff);
}
