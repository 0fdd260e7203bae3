// Half-precision semantics worked from IEEE 754 binary16/bfloat16 examples and PTX ISA 8.5 §9.7.4.
#include "engine/simt/half_math.h"
#include "engine/simt/small_float.h"
#include "simt_test_util.h"

#include <cmath>

using namespace engine::simt;
using engine::ptx::Rounding;
using namespace simt_testing;

TEST(HalfOps, ConversionBoundaries)
{
    EXPECT_EQ(toSmallFloat(65504.0, kHalf, Rounding::Rn), 0x7bffu); // largest finite
    EXPECT_EQ(toSmallFloat(65520.0, kHalf, Rounding::Rn), 0x7c00u); // halfway to 2^16 rounds to inf
    EXPECT_EQ(toSmallFloat(65520.0, kHalf, Rounding::Rz), 0x7bffu);
    EXPECT_EQ(toSmallFloat(std::ldexp(1.0, -24), kHalf, Rounding::Rn), 0x0001u); // smallest subnormal
    EXPECT_EQ(toSmallFloat(std::ldexp(1.0, -25), kHalf, Rounding::Rn), 0x0000u); // tie to even (zero)
    EXPECT_EQ(toSmallFloat(std::ldexp(3.0, -26), kHalf, Rounding::Rn), 0x0001u);
    EXPECT_EQ(toSmallFloat(std::ldexp(1.0, -25), kHalf, Rounding::Rp), 0x0001u);
    EXPECT_EQ(toSmallFloat(-std::ldexp(1.0, -25), kHalf, Rounding::Rm), 0x8001u);
    EXPECT_EQ(toSmallFloat(1.0 + std::ldexp(1.0, -11), kHalf, Rounding::Rn), 0x3c00u); // tie, even below
    EXPECT_EQ(toSmallFloat(1.0 + 3 * std::ldexp(1.0, -11), kHalf, Rounding::Rn), 0x3c02u); // tie, even above
    EXPECT_EQ(toSmallFloat(1.0 / 3.0, kBfloat16, Rounding::Rn), 0x3eabu);
    EXPECT_EQ(toSmallFloat(NAN, kHalf, Rounding::Rn), 0x7fffu);
}

TEST(HalfOps, EveryHalfRoundTripsThroughDouble)
{
    for (std::uint32_t b = 0; b < 0x10000; ++b) {
        const auto bits = static_cast<std::uint16_t>(b);
        if (isSmallNan(bits, kHalf) || isSmallNan(bits, kBfloat16))
            continue;
        for (auto r : {Rounding::Rn, Rounding::Rz, Rounding::Rm, Rounding::Rp}) {
            ASSERT_EQ(toSmallFloat(fromSmallFloat(bits, kHalf), kHalf, r), bits) << b;
            ASSERT_EQ(toSmallFloat(fromSmallFloat(bits, kBfloat16), kBfloat16, r), bits) << b;
        }
    }
}

TEST(HalfOps, FmaRoundsOnce)
{
    // (1 + 2^-10) * (1 + 2^-10) = 1 + 2^-9 + 2^-20: .rn gives 1 + 2^-9 (0x3c02) and the 2^-20 decides .rp.
    EXPECT_EQ(smallMul(0x3c01, 0x3c01, kHalf, Rounding::Rn, {}), 0x3c02u);
    EXPECT_EQ(smallMul(0x3c01, 0x3c01, kHalf, Rounding::Rp, {}), 0x3c03u);
    // 2048 + 1 = 2049 is a tie between 2048 and 2050: even 2048; plus a tiny c, 2050.
    const std::uint16_t h2048 = toSmallFloat(2048, kHalf, Rounding::Rn);
    const std::uint16_t tiny = 0x0001; // 2^-24
    EXPECT_EQ(smallAdd(h2048, 0x3c00, kHalf, Rounding::Rn, {}), h2048);
    EXPECT_EQ(smallFma(0x3c00, 0x3c00, smallAdd(h2048, tiny, kHalf, Rounding::Rn, {}), kHalf, Rounding::Rn, {}), h2048);
    EXPECT_EQ(smallFma(h2048, 0x3c00, 0x3c00, kHalf, Rounding::Rn, {}), h2048);
    // bf16: 2 - 2^-60 with .rz stays below 2 (a double-rounded path would give 2.0).
    const std::uint16_t b2 = toSmallFloat(2.0, kBfloat16, Rounding::Rn);
    const std::uint16_t bTiny = toSmallFloat(-std::ldexp(1.0, -60), kBfloat16, Rounding::Rn);
    EXPECT_EQ(smallAdd(b2, bTiny, kBfloat16, Rounding::Rz, {}), 0x3fffu);
    EXPECT_EQ(smallAdd(b2, bTiny, kBfloat16, Rounding::Rn, {}), b2);
    // x - x is +0 except when rounding down.
    EXPECT_EQ(smallSub(0x3c00, 0x3c00, kHalf, Rounding::Rn, {}), 0x0000u);
    EXPECT_EQ(smallSub(0x3c00, 0x3c00, kHalf, Rounding::Rm, {}), 0x8000u);
    // 0 * inf and inf - inf are the canonical NaN; overflow is inf.
    EXPECT_EQ(smallMul(0x0000, 0x7c00, kHalf, Rounding::Rn, {}), 0x7fffu);
    EXPECT_EQ(smallAdd(0x7c00, 0xfc00, kHalf, Rounding::Rn, {}), 0x7fffu);
    EXPECT_EQ(smallAdd(0x7bff, 0x7bff, kHalf, Rounding::Rn, {}), 0x7c00u);
}

TEST(HalfOps, FmaOfTermsFarApartRoundsOnce)
{
    // bf16: 1 × 1 ± 2^100 is exact only in 101 bits; what lies below 2^100's last bit still decides the directed
    // roundings. 2^100 is 0x7180; the next bf16 up 0x7181, the one below 0x717f.
    const std::uint16_t one = 0x3f80;
    EXPECT_EQ(smallFma(one, one, 0x7180, kBfloat16, Rounding::Rn, {}), 0x7180u);
    EXPECT_EQ(smallFma(one, one, 0x7180, kBfloat16, Rounding::Rp, {}), 0x7181u);
    EXPECT_EQ(smallFma(one, one, 0x7180, kBfloat16, Rounding::Rz, {}), 0x7180u);
    // 1 - 2^100 = -(2^100 - 1): toward zero the bf16 below 2^100 in magnitude, down -2^100.
    EXPECT_EQ(smallFma(one, one, 0xf180, kBfloat16, Rounding::Rz, {}), 0xf17fu);
    EXPECT_EQ(smallFma(one, one, 0xf180, kBfloat16, Rounding::Rm, {}), 0xf180u);
    EXPECT_EQ(smallFma(one, one, 0xf180, kBfloat16, Rounding::Rp, {}), 0xf17fu);
    EXPECT_EQ(smallFma(one, one, 0xf180, kBfloat16, Rounding::Rn, {}), 0xf180u);
}

TEST(HalfOps, ModifiersAndMinMax)
{
    EXPECT_EQ(smallAdd(0x3c00, 0x3c00, kHalf, Rounding::Rn, {false, true, false}), 0x3c00u); // .sat: 2 -> 1
    EXPECT_EQ(smallAdd(0x7fff, 0x3c00, kHalf, Rounding::Rn, {false, true, false}), 0x0000u); // .sat NaN -> +0
    EXPECT_EQ(smallFma(0xbc00, 0x3c00, 0x0000, kHalf, Rounding::Rn, {false, false, true}), 0x0000u); // .relu
    EXPECT_EQ(smallMul(0x0200, 0x3c00, kHalf, Rounding::Rn, {true, false, false}), 0x0000u); // .ftz input
    EXPECT_EQ(smallMinMax(0x7e00, 0x3c00, kHalf, false, false, false), 0x3c00u);
    EXPECT_EQ(smallMinMax(0x7e00, 0x3c00, kHalf, false, true, false), 0x7fffu);
    EXPECT_EQ(smallMinMax(0x8000, 0x0000, kHalf, false, false, false), 0x8000u);
    EXPECT_EQ(smallMinMax(0x8000, 0x0000, kHalf, true, false, false), 0x0000u);
    EXPECT_EQ(smallNeg(0x3c00, kHalf, false), 0xbc00u);
    EXPECT_EQ(smallAbs(0xbc00, kHalf, false), 0x3c00u);
}

TEST(HalfOps, KernelInstructions)
{
    // fma.rn.f16x2 on both halves: {1, 2} * {3, 4} + {0.5, 0.5} = {3.5, 8.5}.
    EXPECT_EQ(eval32("mov.b32 %r1, 0x40003c00; mov.b32 %r2, 0x44004200; mov.b32 %r3, 0x38003800;"
                     " fma.rn.f16x2 %r8, %r1, %r2, %r3;"),
        0x48404300u);
    EXPECT_EQ(eval32("mov.b16 %rs1, 0x3c00; mov.b16 %rs2, 0x4000; add.f16 %rs3, %rs1, %rs2; cvt.u32.u16 %r8, %rs3;"),
        0x4200u);
    EXPECT_EQ(
        eval32("mov.b16 %rs1, 0x3c00; mov.b16 %rs2, 0x4000; max.NaN.bf16 %rs3, %rs1, %rs2; cvt.u32.u16 %r8, %rs3;"),
        0x4000u);
    EXPECT_EQ(eval32("mov.b32 %r1, 0x40003c00; mov.b32 %r2, 0x3c003c00; set.eq.u32.f16x2 %r8, %r1, %r2;"), 0x0000ffffu);
    EXPECT_EQ(
        eval32("mov.b16 %rs1, 0x3c00; mov.b16 %rs2, 0x4000; setp.lt.f16 %p1, %rs1, %rs2; selp.u32 %r8, 1, 0, %p1;"),
        1u);
    // cvt.rn.f16x2.f32 d, a, b: a to the upper half.
    EXPECT_EQ(eval32("mov.f32 %f1, 0f3F800000; mov.f32 %f2, 0f40000000; cvt.rn.f16x2.f32 %r8, %f1, %f2;"), 0x3c004000u);
    // A 64-bit integer rounds once: 2^64 - 1 toward zero is the largest bf16 below 2^64.
    EXPECT_EQ(eval32("mov.u64 %rd1, -1; cvt.rz.bf16.u64 %rs1, %rd1; cvt.u32.u16 %r8, %rs1;"), 0x5f7fu);
}

TEST(HalfOps, RefusedBeforeTheirComputeCapability)
{
    const auto m = parse(scalarKernel("mov.b16 %rs1, 0x3c00; add.f16 %rs2, %rs1, %rs1; cvt.u32.u16 %r8, %rs2;"));
    engine::simt::DeviceMemory mem;
    const std::uint64_t out = mem.allocate("out", 8);
    const int index = m.findFunction("k");
    engine::simt::ParamBlockBuilder params(m.functions[static_cast<std::size_t>(index)]);
    params.set(0, out);
    engine::simt::LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(index);
    r.params = params.bytes();
    r.grid = {1, 1, 1};
    r.block = {1, 1, 1};
    r.instructionBudget = 1000;
    r.profile = &testing_fixtures::builtinProfile("k20x");
    const auto result = engine::simt::runKernel(r, mem, nullptr);
    ASSERT_FALSE(result);
    EXPECT_NE(result.error().message.find("add.f16 needs compute capability 5.3"), std::string::npos)
        << result.error().message;
    EXPECT_NE(result.error().message.find("k20x"), std::string::npos);
    r.profile = &testing_fixtures::builtinProfile("v100");
    EXPECT_TRUE(engine::simt::runKernel(r, mem, nullptr));
}
