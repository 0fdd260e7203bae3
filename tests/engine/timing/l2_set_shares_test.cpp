// SetShares, how the partitioned L2 pass gives the L2's sets to its shares: every set belongs to the one share whose
// range holds it, the ranges cover every set once, in order, and differ in length by at most two.
#include "engine/timing/l2_pass.h"

#include <gtest/gtest.h>

using engine::timing::l2pass::SetShares;

TEST(L2SetShares, EverySetIsInTheRangeOfItsShareAndTheRangesAreEven)
{
    // The H100's 50 MB L2 of 128-byte lines in 16 ways (25 600 sets), an odd count, fewer sets than shares, one share.
    for (const std::uint64_t sets : { 25600ull, 24577ull, 7ull, 1ull }) {
        for (const std::size_t shares : { 1u, 2u, 3u, 8u, 16u, 64u }) {
            const SetShares split(sets, shares);
            EXPECT_EQ(split.firstSetOf(0), 0u);
            EXPECT_EQ(split.firstSetOf(shares), sets);
            std::uint64_t shortest = sets;
            std::uint64_t longest = 0;
            for (std::size_t p = 0; p < shares; ++p) {
                const std::uint64_t first = split.firstSetOf(p);
                const std::uint64_t end = split.firstSetOf(p + 1);
                ASSERT_LE(first, end) << sets << " sets, " << shares << " shares, share " << p;
                shortest = std::min(shortest, end - first);
                longest = std::max(longest, end - first);
                for (std::uint64_t s = first; s < end; ++s)
                    ASSERT_EQ(split.shareOf(s), p) << sets << " sets, " << shares << " shares, set " << s;
            }
            EXPECT_LE(longest - shortest, 2u) << sets << " sets, " << shares << " shares";
        }
    }
}
