// Warp-level instructions over 32 lanes (PTX ISA 8.5 §9.7.9.6 shfl.sync, §9.7.13.8-11 vote, match,
// activemask, redux).
#include "simt_test_util.h"

using namespace simt_testing;

namespace {

std::vector<std::uint64_t> lanes32(const std::string& body) { return evalLanes("mov.u32 %r0, %laneid;\n" + body, 32); }

} // namespace

TEST(WarpOps, ShuffleDownClampsAtTheSegmentEnd)
{
    // shfl.sync.down with c = 31: lanes whose source lies past lane 31 keep their own value, p = 0.
    const auto v = lanes32("shfl.sync.down.b32 %r1|%p1, %r0, 4, 31, -1; selp.u32 %r2, 100, 0, %p1; add.u32 %r8, %r1, %r2;");
    for (std::uint32_t l = 0; l < 32; ++l)
        EXPECT_EQ(v[l], l + 4 < 32 ? l + 4 + 100 : l) << l;
}

TEST(WarpOps, ShuffleUpBflyIdx)
{
    const auto up = lanes32("shfl.sync.up.b32 %r8, %r0, 3, 0, -1;");
    const auto bfly = lanes32("shfl.sync.bfly.b32 %r8, %r0, 5, 31, -1;");
    const auto idx = lanes32("shfl.sync.idx.b32 %r8, %r0, 7, 31, -1;");
    // idx with width 8 (c = ((32 - 8) << 8) | 31): each segment of 8 reads its own lane 3.
    const auto seg = lanes32("shfl.sync.idx.b32 %r8, %r0, 3, 0x181f, -1;");
    for (std::uint32_t l = 0; l < 32; ++l) {
        EXPECT_EQ(up[l], l >= 3 ? l - 3 : l) << l;
        EXPECT_EQ(bfly[l], l ^ 5u) << l;
        EXPECT_EQ(idx[l], 7u) << l;
        EXPECT_EQ(seg[l], (l & ~7u) + 3) << l;
    }
}

TEST(WarpOps, VoteBallotAllAnyUni)
{
    const auto ballot = lanes32("and.b32 %r1, %r0, 1; setp.eq.u32 %p1, %r1, 1; vote.sync.ballot.b32 %r8, %p1, -1;");
    const auto all = lanes32("setp.lt.u32 %p1, %r0, 32; vote.sync.all.pred %p2, %p1, -1; selp.u32 %r8, 1, 0, %p2;");
    const auto any = lanes32("setp.eq.u32 %p1, %r0, 17; vote.sync.any.pred %p2, %p1, -1; selp.u32 %r8, 1, 0, %p2;");
    const auto uni = lanes32("setp.eq.u32 %p1, %r0, 17; vote.sync.uni.pred %p2, %p1, -1; selp.u32 %r8, 1, 0, %p2;");
    for (std::uint32_t l = 0; l < 32; ++l) {
        EXPECT_EQ(ballot[l], 0xaaaaaaaau);
        EXPECT_EQ(all[l], 1u);
        EXPECT_EQ(any[l], 1u);
        EXPECT_EQ(uni[l], 0u);
    }
}

TEST(WarpOps, MatchActivemaskRedux)
{
    const auto match = lanes32("and.b32 %r1, %r0, 3; match.any.sync.b32 %r8, %r1, -1;");
    const auto sum = lanes32("redux.sync.add.u32 %r8, %r0, -1;");
    const auto mx = lanes32("redux.sync.max.s32 %r8, %r0, -1;");
    // activemask inside `if (lane < 10)`: the ten lanes on that path.
    const auto active = lanes32(R"(
    setp.ge.u32 %p1, %r0, 10;
    @%p1 bra SKIP;
    activemask.b32 %r8;
SKIP:
)");
    for (std::uint32_t l = 0; l < 32; ++l) {
        EXPECT_EQ(match[l], 0x11111111u << (l & 3u)) << l;
        EXPECT_EQ(sum[l], 496u);
        EXPECT_EQ(mx[l], 31u);
        EXPECT_EQ(active[l], l < 10 ? 0x3ffu : 0u) << l;
    }
}
