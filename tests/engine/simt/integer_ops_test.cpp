// Integer, logic and bit instructions with values worked from the PTX ISA 8.5 definitions (§9.7.1,
// §9.7.7, §9.7.9.2).
#include "simt_test_util.h"

#include "engine/simt/wide_int.h"

using namespace simt_testing;

TEST(IntegerOps, MulHiAndWide)
{
    // §9.7.1.4: -2 * 0x40000000 = -2^31, whose upper 32 bits are 0xffffffff.
    EXPECT_EQ(eval32("mov.u32 %r1, -2; mov.u32 %r2, 0x40000000; mul.hi.s32 %r8, %r1, %r2;"), 0xffffffffu);
    EXPECT_EQ(eval32("mov.u32 %r1, 0xffffffff; mul.hi.u32 %r8, %r1, %r1;"), 0xfffffffeu);
    EXPECT_EQ(eval64("mov.u32 %r1, -3; mov.u32 %r2, 7; mul.wide.s32 %rd9, %r1, %r2;"), static_cast<std::uint64_t>(-21));
    EXPECT_EQ(eval64("mov.u32 %r1, 0xffffffff; mul.wide.u32 %rd9, %r1, %r1;"), 0xfffffffe00000001ull);
    EXPECT_EQ(eval64("mov.u64 %rd1, -1; mov.u64 %rd2, 3; mul.hi.u64 %rd9, %rd1, %rd2;"), 2u);
    EXPECT_EQ(eval32("mov.u32 %r1, 0x7fffffff; mul.lo.s32 %r8, %r1, 2;"), 0xfffffffeu);
}

TEST(IntegerOps, MadAndSaturation)
{
    EXPECT_EQ(eval32("mov.u32 %r1, 5; mov.u32 %r2, 6; mov.u32 %r3, 7; mad.lo.s32 %r8, %r1, %r2, %r3;"), 37u);
    EXPECT_EQ(eval64("mov.u32 %r1, 100000; mov.u64 %rd1, 1; mad.wide.u32 %rd9, %r1, %r1, %rd1;"), 10000000001ull);
    // §9.7.1.1 add.sat.s32 clamps to the signed range.
    EXPECT_EQ(eval32("mov.u32 %r1, 0x7fffffff; add.sat.s32 %r8, %r1, 1;"), 0x7fffffffu);
    EXPECT_EQ(eval32("mov.u32 %r1, 0x80000000; sub.sat.s32 %r8, %r1, 1;"), 0x80000000u);
    // mul24: operands are the low 24 bits.
    EXPECT_EQ(eval32("mov.u32 %r1, 0x01000003; mul24.lo.u32 %r8, %r1, 2;"), 6u);
}

TEST(IntegerOps, CarryChainAdds64BitsFrom32BitHalves)
{
    // §9.7.2: add.cc then addc propagates CC.CF: 0xffffffff + 1 carries into the upper word.
    EXPECT_EQ(eval32("mov.u32 %r1, 0xffffffff; mov.u32 %r2, 1; add.cc.u32 %r3, %r1, %r2; addc.u32 %r8, 5, 6;"), 12u);
    EXPECT_EQ(eval32("mov.u32 %r1, 0; sub.cc.u32 %r3, %r1, 1; subc.u32 %r8, 10, 0;"), 9u);
}

TEST(IntegerOps, MadCarryChainMultipliesTwo64BitValuesInto128Bits)
{
    // PTX ISA 8.5 §9.7.2.6's own example: [r3,r2,r1,r0] = [r5,r4] * [r7,r6] with mul, mad.lo.cc, madc.hi(.cc) and
    // addc; here with X = 0xfedcba9876543210 and Y = 0xffffffff12345678, the four words checked against 128-bit
    // arithmetic. Every mad.lo.cc below carries out (its sum passes 2^32), so the carries are tested too.
    using engine::simt::UInt128;
    const UInt128 x = 0xfedcba9876543210ull;
    const UInt128 y = 0xffffffff12345678ull;
    const UInt128 product = x * y;
    const std::string start = "mov.u32 %r4, 0x76543210; mov.u32 %r5, 0xfedcba98; mov.u32 %r6, 0x12345678;"
                              " mov.u32 %r7, 0xffffffff;"
                              " mul.lo.u32 %r0, %r4, %r6; mul.hi.u32 %r1, %r4, %r6;"
                              " mad.lo.cc.u32 %r1, %r5, %r6, %r1; madc.hi.u32 %r2, %r5, %r6, 0;"
                              " mad.lo.cc.u32 %r1, %r4, %r7, %r1; madc.hi.cc.u32 %r2, %r4, %r7, %r2;"
                              " addc.u32 %r3, 0, 0;"
                              " mad.lo.cc.u32 %r2, %r5, %r7, %r2; madc.hi.u32 %r3, %r5, %r7, %r3;";
    for (unsigned word = 0; word < 4; ++word) {
        const auto expected = static_cast<std::uint32_t>(product >> (32 * word));
        EXPECT_EQ(eval32(start + " mov.u32 %r8, %r" + std::to_string(word) + ";"), expected) << "word " << word;
    }
    // madc without .cc leaves CC.CF as it was: the addc after it still adds the carry of the mad.lo.cc before.
    EXPECT_EQ(eval32("mov.u32 %r1, 0xffffffff; mad.lo.cc.u32 %r2, %r1, 1, 1; madc.lo.u32 %r3, 0, 0, 0;"
                     " addc.u32 %r8, 0, 0;"),
        1u);
}

TEST(IntegerOps, DivisionAndRemainder)
{
    EXPECT_EQ(eval32("mov.u32 %r1, -7; div.s32 %r8, %r1, 2;"), static_cast<std::uint32_t>(-3)); // truncates
    EXPECT_EQ(eval32("mov.u32 %r1, -7; rem.s32 %r8, %r1, 2;"), static_cast<std::uint32_t>(-1)); // dividend's sign
    EXPECT_EQ(eval32("mov.u32 %r1, 0x80000000; div.s32 %r8, %r1, -1;"), 0x80000000u);
    // §9.7.1.8: division by zero is machine-specific; warpscope documents all ones.
    EXPECT_EQ(eval32("mov.u32 %r1, 7; mov.u32 %r2, 0; div.u32 %r8, %r1, %r2;"), 0xffffffffu);
    EXPECT_EQ(eval32("mov.u32 %r1, 7; mov.u32 %r2, 0; div.s32 %r8, %r1, %r2;"), 0xffffffffu);
    EXPECT_EQ(eval32("mov.u32 %r1, 7; mov.u32 %r2, 0; rem.u32 %r8, %r1, %r2;"), 7u);
}

TEST(IntegerOps, MinMaxAbsNegBySignedness)
{
    EXPECT_EQ(eval32("mov.u32 %r1, -1; min.s32 %r8, %r1, 3;"), 0xffffffffu);
    EXPECT_EQ(eval32("mov.u32 %r1, -1; min.u32 %r8, %r1, 3;"), 3u);
    EXPECT_EQ(eval32("mov.u32 %r1, -5; abs.s32 %r8, %r1;"), 5u);
    EXPECT_EQ(eval32("mov.u32 %r1, 0x80000000; abs.s32 %r8, %r1;"), 0x80000000u);
    EXPECT_EQ(eval32("mov.u32 %r1, 5; neg.s32 %r8, %r1;"), static_cast<std::uint32_t>(-5));
}

TEST(IntegerOps, BitManipulation)
{
    EXPECT_EQ(eval32("mov.u32 %r1, 0xf0f0; popc.b32 %r8, %r1;"), 8u);
    EXPECT_EQ(eval32("mov.u32 %r1, 1; clz.b32 %r8, %r1;"), 31u);
    EXPECT_EQ(eval32("mov.u32 %r1, 0; clz.b32 %r8, %r1;"), 32u);
    EXPECT_EQ(eval32("mov.u32 %r1, 0x00010000; bfind.u32 %r8, %r1;"), 16u);
    EXPECT_EQ(eval32("mov.u32 %r1, 0; bfind.u32 %r8, %r1;"), 0xffffffffu);
    EXPECT_EQ(eval32("mov.u32 %r1, -1; bfind.s32 %r8, %r1;"), 0xffffffffu); // no non-sign bit
    EXPECT_EQ(eval32("mov.u32 %r1, 0x00010000; bfind.shiftamt.u32 %r8, %r1;"), 15u);
    EXPECT_EQ(eval32("mov.u32 %r1, 1; brev.b32 %r8, %r1;"), 0x80000000u);
    // bfe: 4 bits at position 4 of 0xabcd are 0xc; signed extraction sign-fills from bit 3 of the field.
    EXPECT_EQ(eval32("mov.u32 %r1, 0xabcd; bfe.u32 %r8, %r1, 4, 4;"), 0xcu);
    EXPECT_EQ(eval32("mov.u32 %r1, 0xabcd; bfe.s32 %r8, %r1, 4, 4;"), 0xfffffffcu);
    EXPECT_EQ(eval32("mov.u32 %r1, 0xf; mov.u32 %r2, 0; bfi.b32 %r8, %r1, %r2, 8, 4;"), 0xf00u);
}

TEST(IntegerOps, ShiftsClampAndFill)
{
    EXPECT_EQ(eval32("mov.u32 %r1, 1; shl.b32 %r8, %r1, 33;"), 0u);
    EXPECT_EQ(eval32("mov.u32 %r1, 0x80000000; shr.s32 %r8, %r1, 4;"), 0xf8000000u);
    EXPECT_EQ(eval32("mov.u32 %r1, 0x80000000; shr.s32 %r8, %r1, 40;"), 0xffffffffu);
    EXPECT_EQ(eval32("mov.u32 %r1, 0x80000000; shr.u32 %r8, %r1, 4;"), 0x08000000u);
    // shf.l.wrap: upper word of ({b,a} << 4); shf.r.clamp with n >= 32 gives b.
    EXPECT_EQ(eval32("mov.u32 %r1, 0xf0000000; mov.u32 %r2, 0x1; shf.l.wrap.b32 %r8, %r1, %r2, 4;"), 0x1fu);
    EXPECT_EQ(eval32("mov.u32 %r1, 0x1; mov.u32 %r2, 0xabc; shf.r.clamp.b32 %r8, %r1, %r2, 40;"), 0xabcu);
}

TEST(IntegerOps, LogicLop3AndPrmt)
{
    // lop3 with immLut 0x96 is a ^ b ^ c (PTX ISA §9.7.7.6 example: F0 ^ CC ^ AA).
    EXPECT_EQ(eval32("mov.u32 %r1, 0xf0; mov.u32 %r2, 0xcc; mov.u32 %r3, 0xaa; lop3.b32 %r8, %r1, %r2, %r3, 0x96;"),
        0xf0u ^ 0xccu ^ 0xaau);
    EXPECT_EQ(eval32("mov.u32 %r1, 0x33; cnot.b32 %r8, %r1;"), 0u);
    EXPECT_EQ(eval32("mov.u32 %r1, 0; cnot.b32 %r8, %r1;"), 1u);
    // prmt: selector 0x3210 is the identity, 0x0123 reverses bytes, 0x8 in a nibble replicates a sign.
    EXPECT_EQ(eval32("mov.u32 %r1, 0x11223344; prmt.b32 %r8, %r1, 0, 0x0123;"), 0x44332211u);
    EXPECT_EQ(eval32("mov.u32 %r1, 0x000000ff; prmt.b32 %r8, %r1, 0, 0x8880;"), 0xffffffffu);
    EXPECT_EQ(eval32("mov.u32 %r1, 0x11223344; mov.u32 %r2, 0x55667788; prmt.b32 %r8, %r1, %r2, 0x7654;"), 0x55667788u);
}

TEST(IntegerOps, CompareAndSelect)
{
    EXPECT_EQ(eval32("mov.u32 %r1, -1; setp.lt.s32 %p1, %r1, 0; selp.u32 %r8, 10, 20, %p1;"), 10u);
    EXPECT_EQ(eval32("mov.u32 %r1, -1; setp.lo.u32 %p1, %r1, 0; selp.u32 %r8, 10, 20, %p1;"), 20u);
    // setp with a BoolOp and two destinations: p = (a<b) & c, q = !(a<b) & c.
    EXPECT_EQ(eval32("setp.eq.u32 %p3, 1, 1; setp.lt.and.s32 %p1|%p2, 5, 3, %p3; selp.u32 %r8, 1, 2, %p2;"), 1u);
    EXPECT_EQ(eval32("set.gt.u32.s32 %r8, 5, 3;"), 0xffffffffu);
    EXPECT_EQ(eval32("mov.u32 %r1, -4; slct.u32.s32 %r8, 7, 9, %r1;"), 9u);
}

TEST(IntegerOps, MovPacksAndUnpacksVectors)
{
    EXPECT_EQ(eval64("mov.u32 %r1, 0x11111111; mov.u32 %r2, 0x22222222; mov.b64 %rd9, {%r1, %r2};"), 0x2222222211111111ull);
    EXPECT_EQ(eval32("mov.u64 %rd1, 0x0000000500000003; mov.b64 {%r1, %r2}, %rd1; add.u32 %r8, %r1, %r2;"), 8u);
}

// A constant element in a packed source, as cuda_bf16.h widens a bf16 for sm_75/sm_80: mov.b32 %f, {0, %rs}.
TEST(IntegerOps, MovPacksConstantElements)
{
    EXPECT_EQ(eval64("mov.u32 %r2, 0x3f80; mov.b64 %rd9, {0, %r2};"), 0x00003f8000000000ull);
    EXPECT_EQ(eval64("mov.u32 %r1, 7; mov.b64 %rd9, {%r1, 0x12};"), 0x0000001200000007ull);
    EXPECT_EQ(eval64("mov.b64 %rd9, {-1, 0};"), 0x00000000ffffffffull);
}
