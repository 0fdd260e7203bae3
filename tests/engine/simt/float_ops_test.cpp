// Floating-point and conversion semantics with values worked from the PTX ISA 8.5 (§9.7.3, §9.7.9.21).
#include "simt_test_util.h"

#include <bit>
#include <cmath>

using namespace simt_testing;

namespace {

std::uint32_t f32Bits(float f) { return std::bit_cast<std::uint32_t>(f); }

} // namespace

TEST(FloatOps, CvtIntegerRoundingModes)
{
    // §9.7.9.21: .rni rounds to nearest even, .rzi toward zero, .rmi down, .rpi up.
    EXPECT_EQ(eval32("mov.f32 %f1, 0f40200000; cvt.rni.s32.f32 %r8, %f1;"), 2u); // 2.5 -> 2
    EXPECT_EQ(eval32("mov.f32 %f1, 0f40600000; cvt.rni.s32.f32 %r8, %f1;"), 4u); // 3.5 -> 4
    EXPECT_EQ(eval32("mov.f32 %f1, 0fC0200000; cvt.rni.s32.f32 %r8, %f1;"), static_cast<std::uint32_t>(-2));
    EXPECT_EQ(eval32("mov.f32 %f1, 0fC0200000; cvt.rzi.s32.f32 %r8, %f1;"), static_cast<std::uint32_t>(-2));
    EXPECT_EQ(eval32("mov.f32 %f1, 0fC0200000; cvt.rmi.s32.f32 %r8, %f1;"), static_cast<std::uint32_t>(-3));
    EXPECT_EQ(eval32("mov.f32 %f1, 0f40200000; cvt.rpi.s32.f32 %r8, %f1;"), 3u);
}

TEST(FloatOps, CvtFloatToIntSaturatesAndNanIsZero)
{
    EXPECT_EQ(eval32("mov.f32 %f1, 0f7F800000; cvt.rzi.s32.f32 %r8, %f1;"), 0x7fffffffu); // +inf
    EXPECT_EQ(eval32("mov.f32 %f1, 0fCF800000; cvt.rzi.u32.f32 %r8, %f1;"), 0u); // -2^32
    EXPECT_EQ(eval32("mov.f32 %f1, 0f7FC00000; cvt.rzi.s32.f32 %r8, %f1;"), 0u); // NaN
    EXPECT_EQ(eval32("mov.f32 %f1, 0f4F800000; cvt.rzi.u32.f32 %r8, %f1;"), 0xffffffffu); // 2^32
}

TEST(FloatOps, CvtIntToFloatRounding)
{
    // 2^24 + 1 is not representable in f32: .rn gives 2^24 (even), .rp 2^24 + 2.
    EXPECT_EQ(eval32("mov.u32 %r1, 16777217; cvt.rn.f32.u32 %f1, %r1; mov.b32 %r8, %f1;"), f32Bits(16777216.0f));
    EXPECT_EQ(eval32("mov.u32 %r1, 16777217; cvt.rp.f32.u32 %f1, %r1; mov.b32 %r8, %f1;"), f32Bits(16777218.0f));
    EXPECT_EQ(eval32("mov.u32 %r1, -3; cvt.rn.f32.s32 %f1, %r1; mov.b32 %r8, %f1;"), f32Bits(-3.0f));
}

TEST(FloatOps, CvtBetweenFloatWidths)
{
    // f64 0.1 to f32: .rn rounds up (0x3dcccccd), .rz truncates (0x3dcccccc).
    EXPECT_EQ(eval32("mov.f64 %fd1, 0d3FB999999999999A; cvt.rn.f32.f64 %f1, %fd1; mov.b32 %r8, %f1;"), 0x3dcccccdu);
    EXPECT_EQ(eval32("mov.f64 %fd1, 0d3FB999999999999A; cvt.rz.f32.f64 %f1, %fd1; mov.b32 %r8, %f1;"), 0x3dccccccu);
    // f32 1/3 to f16 and back: 0x3555 (0.333251953125).
    EXPECT_EQ(eval32("mov.f32 %f1, 0f3EAAAAAB; cvt.rn.f16.f32 %rs1, %f1; cvt.u32.u16 %r8, %rs1;"), 0x3555u);
    EXPECT_EQ(eval32("mov.u16 %rs1, 0x3C00; cvt.f32.f16 %f1, %rs1; mov.b32 %r8, %f1;"), f32Bits(1.0f));
    EXPECT_EQ(eval32("mov.f32 %f1, 0f477FF000; cvt.rn.f16.f32 %rs1, %f1; cvt.u32.u16 %r8, %rs1;"), 0x7c00u); // 65520 -> inf
    // cvt.sat.f32.f32 clamps to [0, 1]; NaN becomes 0.
    EXPECT_EQ(eval32("mov.f32 %f1, 0f40000000; cvt.sat.f32.f32 %f2, %f1; mov.b32 %r8, %f2;"), f32Bits(1.0f));
    EXPECT_EQ(eval32("mov.f32 %f1, 0f7FC00000; cvt.sat.f32.f32 %f2, %f1; mov.b32 %r8, %f2;"), 0u);
    EXPECT_EQ(eval32("mov.f32 %f1, 0f3FC00000; cvt.rni.f32.f32 %f2, %f1; mov.b32 %r8, %f2;"), f32Bits(2.0f));
}

TEST(FloatOps, CvtIntegerWidthsAndSaturation)
{
    EXPECT_EQ(eval32("mov.u32 %r1, 300; cvt.sat.u8.s32 %rs1, %r1; cvt.u32.u16 %r8, %rs1;"), 255u);
    EXPECT_EQ(eval32("mov.u32 %r1, -5; cvt.sat.u16.s32 %rs1, %r1; cvt.u32.u16 %r8, %rs1;"), 0u);
    EXPECT_EQ(eval64("mov.u32 %r1, -5; cvt.s64.s32 %rd9, %r1;"), static_cast<std::uint64_t>(-5));
    EXPECT_EQ(eval64("mov.u32 %r1, -5; cvt.u64.u32 %rd9, %r1;"), 0xfffffffbull);
    EXPECT_EQ(eval32("mov.u16 %rs1, 0xff80; cvt.s32.s8 %r8, %rs1;"), static_cast<std::uint32_t>(-128));
}

TEST(FloatOps, DirectedRoundingOfAdd)
{
    // 1 + 2^-30 in f32: .rn and .rz give 1, .rp the next float above 1.
    EXPECT_EQ(eval32("add.rn.f32 %f1, 0f3F800000, 0f30800000; mov.b32 %r8, %f1;"), f32Bits(1.0f));
    EXPECT_EQ(eval32("add.rp.f32 %f1, 0f3F800000, 0f30800000; mov.b32 %r8, %f1;"), f32Bits(std::nextafter(1.0f, 2.0f)));
    EXPECT_EQ(eval32("add.rm.f32 %f1, 0fBF800000, 0fB0800000; mov.b32 %r8, %f1;"), f32Bits(std::nextafter(-1.0f, -2.0f)));
}

TEST(FloatOps, MinMaxNanAndSignedZero)
{
    // §9.7.3.10: a NaN operand yields the other one.
    EXPECT_EQ(eval32("min.f32 %f1, 0f7FC00000, 0f40000000; mov.b32 %r8, %f1;"), f32Bits(2.0f));
    EXPECT_EQ(eval32("max.f32 %f1, 0f7FC00000, 0f7FC00000; mov.b32 %r8, %f1;"), 0x7fffffffu);
    EXPECT_EQ(eval32("min.f32 %f1, 0f00000000, 0f80000000; mov.b32 %r8, %f1;"), 0x80000000u);
    EXPECT_EQ(eval32("max.f32 %f1, 0f00000000, 0f80000000; mov.b32 %r8, %f1;"), 0u);
}

TEST(FloatOps, FtzSatAndCanonicalNan)
{
    // 2^-140 is subnormal: .ftz flushes it (mul by 1 gives +0).
    EXPECT_EQ(eval32("mul.ftz.f32 %f1, 0f00002000, 0f3F800000; mov.b32 %r8, %f1;"), 0u);
    EXPECT_EQ(eval32("mul.f32 %f1, 0f00002000, 0f3F800000; mov.b32 %r8, %f1;"), 0x2000u);
    EXPECT_EQ(eval32("add.sat.f32 %f1, 0f3F800000, 0f3F800000; mov.b32 %r8, %f1;"), f32Bits(1.0f));
    EXPECT_EQ(eval32("sub.f32 %f1, 0f7F800000, 0f7F800000; mov.b32 %r8, %f1;"), 0x7fffffffu); // inf - inf
}

TEST(FloatOps, DivFmaAndSpecialFunctions)
{
    EXPECT_EQ(eval32("div.rn.f32 %f1, 0f3F800000, 0f40400000; mov.b32 %r8, %f1;"), f32Bits(1.0f / 3.0f));
    EXPECT_EQ(eval32("div.rn.f32 %f1, 0f3F800000, 0f00000000; mov.b32 %r8, %f1;"), f32Bits(INFINITY));
    EXPECT_EQ(eval32("fma.rn.f32 %f1, 0f40000000, 0f40400000, 0f3F800000; mov.b32 %r8, %f1;"), f32Bits(7.0f));
    EXPECT_EQ(eval32("sqrt.rn.f32 %f1, 0f40800000; mov.b32 %r8, %f1;"), f32Bits(2.0f));
    EXPECT_EQ(eval32("rsqrt.approx.f32 %f1, 0f40800000; mov.b32 %r8, %f1;"), f32Bits(0.5f));
    EXPECT_EQ(eval32("rcp.rn.f32 %f1, 0f40800000; mov.b32 %r8, %f1;"), f32Bits(0.25f));
    EXPECT_EQ(eval32("ex2.approx.f32 %f1, 0f40400000; mov.b32 %r8, %f1;"), f32Bits(8.0f));
    EXPECT_EQ(eval32("lg2.approx.f32 %f1, 0f00000000; mov.b32 %r8, %f1;"), f32Bits(-INFINITY));
    EXPECT_NEAR(f32Of(eval32("sin.approx.f32 %f1, 0f3FC90FDB; mov.b32 %r8, %f1;")), 1.0f, 1e-6f); // pi/2
    EXPECT_NEAR(f32Of(eval32("cos.approx.f32 %f1, 0f00000000; mov.b32 %r8, %f1;")), 1.0f, 1e-6f);
    EXPECT_EQ(eval64("sqrt.rn.f64 %fd1, 0d4000000000000000; mov.b64 %rd9, %fd1;"), std::bit_cast<std::uint64_t>(std::sqrt(2.0)));
}

TEST(FloatOps, AWholeWarpFmaRoundsOnce)
{
    // §9.7.3.5 fma: a * b + c in infinite precision, rounded once. (1 + 2^-12)^2 - (1 + 2^-11) = 2^-24 exactly; the
    // product rounded first (to 1 + 2^-11, the tie going to even) would give 0. A NaN result is the canonical NaN.
    // 32 threads of registers: the whole-warp path.
    const std::string fused = "mov.b32 %f2, 0f3F800800; mov.b32 %f3, 0f3F800800; mov.b32 %f4, 0fBF801000;"
                              "fma.rn.f32 %f1, %f2, %f3, %f4; mov.b32 %r8, %f1;";
    for (const std::uint64_t lane : evalLanes(fused, 32))
        EXPECT_EQ(lane, f32Bits(std::ldexp(1.0f, -24)));
    const std::string nan = "mov.b32 %f2, 0f7F800000; mov.b32 %f3, 0f00000000; mov.b32 %f4, 0f3F800000;"
                            "fma.rn.f32 %f1, %f2, %f3, %f4; mov.b32 %r8, %f1;"; // inf * 0
    for (const std::uint64_t lane : evalLanes(nan, 32))
        EXPECT_EQ(lane, 0x7fffffffu);
}

TEST(FloatOps, AnFmaWithAnImmediateOnSomeLanesRoundsOnceAndLeavesTheOthers)
{
    // §9.7.3.5 fma, the worked value of AWholeWarpFmaRoundsOnce with b an immediate: (1 + 2^-12)^2 - (1 + 2^-11) =
    // 2^-24, rounded once. Guarded by @p (§9.3.1) on the even lanes only: the odd lanes keep %f1's 7.0.
    const std::string body = "mov.b32 %f1, 0f40E00000; mov.b32 %f2, 0f3F800800; mov.b32 %f4, 0fBF801000;"
                             "and.b32 %r1, %r10, 1; setp.eq.u32 %p1, %r1, 0;"
                             "@%p1 fma.rn.f32 %f1, %f2, 0f3F800800, %f4; mov.b32 %r8, %f1;";
    const std::vector<std::uint64_t> lanes = evalLanes(body, 32);
    for (std::size_t lane = 0; lane < lanes.size(); ++lane)
        EXPECT_EQ(lanes[lane], lane % 2 == 0 ? f32Bits(std::ldexp(1.0f, -24)) : f32Bits(7.0f)) << "lane " << lane;
}

TEST(FloatOps, UnorderedComparisons)
{
    EXPECT_EQ(eval32("setp.lt.f32 %p1, 0f7FC00000, 0f3F800000; selp.u32 %r8, 1, 0, %p1;"), 0u);
    EXPECT_EQ(eval32("setp.ltu.f32 %p1, 0f7FC00000, 0f3F800000; selp.u32 %r8, 1, 0, %p1;"), 1u);
    EXPECT_EQ(eval32("setp.nan.f32 %p1, 0f7FC00000, 0f3F800000; selp.u32 %r8, 1, 0, %p1;"), 1u);
    EXPECT_EQ(eval32("setp.ne.f32 %p1, 0f7FC00000, 0f3F800000; selp.u32 %r8, 1, 0, %p1;"), 0u);
    EXPECT_EQ(eval32("set.lt.f32.f32 %f1, 0f3F800000, 0f40000000; mov.b32 %r8, %f1;"), f32Bits(1.0f));
}

TEST(FloatOps, TestpClassifiesEachLaneWithZeroAsNormal)
{
    // PTX ISA 8.5 §9.7.3.1: finite, infinite, number, notanumber, normal (zero of either sign included) and
    // subnormal, for .f32 and .f64. Bit i of r8 is test i's predicate.
    const std::string tests = " testp.finite.f32 %p1, %f1; testp.infinite.f32 %p2, %f1; testp.number.f32 %p3, %f1;"
                              " testp.notanumber.f32 %p4, %f1; testp.normal.f32 %p5, %f1; testp.subnormal.f32 %p6, %f1;"
                              " selp.u32 %r1, 1, 0, %p1; selp.u32 %r2, 2, 0, %p2; selp.u32 %r3, 4, 0, %p3;"
                              " selp.u32 %r4, 8, 0, %p4; selp.u32 %r5, 16, 0, %p5; selp.u32 %r6, 32, 0, %p6;"
                              " or.b32 %r8, %r1, %r2; or.b32 %r8, %r8, %r3; or.b32 %r8, %r8, %r4;"
                              " or.b32 %r8, %r8, %r5; or.b32 %r8, %r8, %r6;";
    const auto bits = [&](const std::string& value) { return eval32("mov.b32 %f1, " + value + ";" + tests); };
    EXPECT_EQ(bits("0f3F800000"), 1u | 4u | 16u); // 1.0: finite, number, normal
    EXPECT_EQ(bits("0f80000000"), 1u | 4u | 16u); // -0.0: normal, as the ISA says
    EXPECT_EQ(bits("0f00000001"), 1u | 4u | 32u); // the smallest subnormal
    EXPECT_EQ(bits("0fFF800000"), 2u | 4u); // -infinity: infinite, a number
    EXPECT_EQ(bits("0f7FC00000"), 8u); // NaN: only notanumber
    EXPECT_EQ(eval32("mov.b64 %fd1, 0d0008000000000000; testp.subnormal.f64 %p1, %fd1; selp.u32 %r8, 1, 0, %p1;"),
        1u);
    EXPECT_EQ(eval32("mov.b64 %fd1, 0d7FF0000000000000; testp.finite.f64 %p1, %fd1; selp.u32 %r8, 1, 0, %p1;"), 0u);
}
