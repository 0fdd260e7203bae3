// The operations that read their registers in place (engine/simt/in_place_lanes.h) against their PTX ISA 8.5
// definitions, with the shapes that path takes: registers beside immediates, a destination that is also a source,
// 32-bit sources of a 64-bit result, shift amounts past the width, special registers, and guarded lanes.
#include "simt_test_util.h"

#include <cstdint>

using namespace simt_testing;

TEST(InPlaceLanes, AGuardedOperationWritesOnlyItsLanesWhenItsDestinationIsAlsoASource)
{
    // Lane l: r1 = l, r2 = l + 100; lanes below 13 add r2 into r1 (§9.7.1.1), the others shift r1 right by 40
    // (§9.7.7.8: an amount past the width fills with the sign: 0 for l). r1 - %ntid.x (32) is then multiplied by
    // -3 into 64 bits (§9.7.1.4 mul.wide) and added to 2 × itself (§9.7.1.5 mad.wide): -(r1 - 32) in 64 bits,
    // which lanes below 13 double in place.
    const auto lanes = evalLanes(R"(
    mov.u32 %r1, %tid.x;
    add.s32 %r2, %r1, 100;
    setp.lt.u32 %p1, %r1, 13;
    @%p1 add.s32 %r1, %r1, %r2;
    @!%p1 shr.s32 %r1, %r1, 40;
    mov.u32 %r3, %ntid.x;
    sub.s32 %r1, %r1, %r3;
    mul.wide.s32 %rd1, %r1, -3;
    mad.wide.s32 %rd9, %r1, 2, %rd1;
    @%p1 add.s64 %rd9, %rd9, %rd9;
)",
        32, false);
    ASSERT_EQ(lanes.size(), 32u);
    for (std::int64_t l = 0; l < 32; ++l) {
        const std::int64_t r1 = l < 13 ? 2 * l + 100 - 32 : -32;
        const std::int64_t expected = l < 13 ? -2 * r1 : -r1;
        EXPECT_EQ(static_cast<std::int64_t>(lanes[static_cast<std::size_t>(l)]), expected) << "lane " << l;
    }
}

TEST(InPlaceLanes, AnImmediateMovedUnderAGuardLeavesTheOtherLanesTheirValues)
{
    // §9.7.9.1 mov of an immediate to the odd lanes only; the even ones keep %tid.x shifted left by 33 (§9.7.7.7:
    // 0 past the width) plus their lane.
    const auto lanes = evalLanes(R"(
    mov.u32 %r1, %tid.x;
    and.b32 %r2, %r1, 1;
    setp.ne.u32 %p1, %r2, 0;
    shl.b32 %r8, %r1, 33;
    add.s32 %r8, %r8, %r1;
    @%p1 mov.u32 %r8, 7;
)",
        32, true);
    for (std::uint64_t l = 0; l < 32; ++l)
        EXPECT_EQ(lanes[l], l % 2 == 1 ? 7u : l) << "lane " << l;
}

TEST(InPlaceLanes, PredicateLogicOnWholeWordsKeepsTheUnguardedLanesAndReadsNegatedSources)
{
    // §9.7.6 on .pred: p4 = (l < 10) or not odd; lanes from 20 on xor it with odd (always 1 there); p5 = not p4.
    const auto lanes = evalLanes(R"(
    mov.u32 %r1, %tid.x;
    setp.lt.u32 %p1, %r1, 10;
    and.b32 %r2, %r1, 1;
    setp.ne.u32 %p2, %r2, 0;
    setp.ge.u32 %p3, %r1, 20;
    or.pred %p4, %p1, !%p2;
    @%p3 xor.pred %p4, %p4, %p2;
    not.pred %p5, %p4;
    selp.u32 %r8, 1, 0, %p5;
)",
        32, true);
    for (std::uint64_t l = 0; l < 32; ++l)
        EXPECT_EQ(lanes[l], l >= 10 && l < 20 && l % 2 == 1 ? 1u : 0u) << "lane " << l;
}
