#include "../test_paths.h"
#include "engine/ptx/module_loader.h"
#include "ptx_test_util.h"

#include <random>

using namespace ptx_test;

TEST(PtxMalformed, EmptyFileAndMissingHeader)
{
    EXPECT_EQ(parseError(""), "bad.ptx:1:1: empty file: expected .version");
    EXPECT_EQ(parseError("   \n// only a comment\n"), "bad.ptx:3:1: empty file: expected .version");
    EXPECT_EQ(parseError(".target sm_80\n"), "bad.ptx:1:1: expected .version at the start of a PTX module");
    EXPECT_EQ(parseError(".version 8.5\n.address_size 64\n"),
        "bad.ptx:2:1: expected '.target' in module header, found '.address_size'");
}

TEST(PtxMalformed, UnknownOpcodeIsUnsupportedWithItsPosition)
{
    auto err = parseError(kernelWithBody("  frobnicate.b32 %r1, %r2;"));
    EXPECT_EQ(err, "bad.ptx:10:3: unsupported: frobnicate");
    auto tex = parseError(kernelWithBody("tex.1d.v4.f32.s32 {%f1, %f2, %f3, %f4}, [t, {%r1}];"));
    EXPECT_EQ(tex, "bad.ptx:10:1: unsupported: tex");
}

TEST(PtxMalformed, UnknownModifierAndDirectiveAreUnsupported)
{
    EXPECT_EQ(parseError(kernelWithBody("add.bogus.s32 %r1, %r2, %r3;")),
        "bad.ptx:10:4: unsupported: add.bogus (modifier .bogus)");
    EXPECT_EQ(parseError(kernelWithBody(".tex .u64 t;")), "bad.ptx:10:1: unsupported: .tex inside a function body");
    EXPECT_EQ(parseError(".version 8.5\n.target sm_80\n.alias a, b;\n"), "bad.ptx:3:1: unsupported: .alias");
}

TEST(PtxMalformed, DuplicateLabel)
{
    auto err = parseError(kernelWithBody("L1:\n ret;\nL1:\n ret;"));
    EXPECT_EQ(err, "bad.ptx:12:1: duplicate label L1 (first defined at line 10)");
}

TEST(PtxMalformed, UndefinedRegisterAndLabel)
{
    EXPECT_EQ(parseError(kernelWithBody("add.s32 %r1, %r2, %q9;")), "bad.ptx:10:19: undefined register %q9");
    EXPECT_EQ(parseError(kernelWithBody("add.s32 %r1, %r2, %r8;")), "bad.ptx:10:19: undefined register %r8");
    EXPECT_EQ(parseError(kernelWithBody("@%p1 bra NOWHERE;\nret;")), "bad.ptx:10:10: undefined label NOWHERE");
    EXPECT_EQ(parseError(kernelWithBody("@%r1 bra L;\nL: ret;")), "bad.ptx:10:2: guard %r1 is not a .pred register");
    EXPECT_EQ(parseError(kernelWithBody("ld.global.f32 %f1, [nosuch];")), "bad.ptx:10:21: undefined name nosuch");
}

TEST(PtxMalformed, DuplicateRegisterAndOperandCount)
{
    EXPECT_EQ(parseError(kernelWithBody(".reg .b32 %r<2>;")), "bad.ptx:10:11: duplicate register declaration %r");
    EXPECT_EQ(parseError(kernelWithBody("add.s32 %r1, %r2;")), "bad.ptx:10:1: add takes 3 operands, found 2");
}

TEST(PtxMalformed, TheMostNegativeLiteralIsExact)
{
    // PTX ISA §4.5.1: integer literals are 64 bits; -2^63 is the one whose magnitude int64 cannot hold.
    const auto module = parseOk(kernelWithBody("mov.s64 %rd1, -9223372036854775808;"));
    ASSERT_FALSE(module.functions.empty());
    const auto& body = module.functions.front().instructions;
    ASSERT_FALSE(body.empty());
    EXPECT_EQ(body.back().operands.at(1).value, INT64_MIN);
}

TEST(PtxMalformed, HugeLiteralsAndCounts)
{
    EXPECT_EQ(parseError(kernelWithBody("mov.u64 %rd1, 99999999999999999999999;")),
        "bad.ptx:10:15: integer literal '99999999999999999999999' does not fit in 64 bits");
    EXPECT_EQ(parseError(kernelWithBody(".reg .b32 %big<4294967295>;")),
        "bad.ptx:10:16: .reg count: 4294967295 is larger than 4194304");
    EXPECT_EQ(parseError(".version 8.5\n.target sm_80\n.global .b8 g[4294967296][16];\n"),
        "bad.ptx:3:27: array larger than 4 GiB");
    EXPECT_EQ(parseError(kernelWithBody("ld.global.f32 %f1, [%rd1+99999999999999999999];")),
        "bad.ptx:10:26: integer literal '99999999999999999999' does not fit in 64 bits");
}

TEST(PtxMalformed, DeepNestingIsAnErrorNotACrash)
{
    std::string deep(100000, '{');
    EXPECT_EQ(parseError(kernelWithBody(deep)), "bad.ptx:10:66: blocks nested deeper than 64 levels");
    std::string init = ".version 8.5\n.target sm_80\n.global .u32 g[1] = " + std::string(5000, '{') + "1;\n";
    EXPECT_EQ(parseError(init), "bad.ptx:3:38: initializer nested deeper than 16 levels");
}

TEST(PtxMalformed, BinaryGarbage)
{
    std::mt19937 rng(7);
    for (int round = 0; round < 50; ++round) {
        std::string junk(512, '\0');
        for (char& c : junk)
            c = static_cast<char>(rng() & 0xff);
        auto result = engine::ptx::parsePtx(junk, "junk.bin");
        ASSERT_FALSE(result.ok());
        EXPECT_EQ(result.error().location.file, "junk.bin");
        EXPECT_GT(result.error().location.line, 0u);
    }
}

TEST(PtxMalformed, EveryTruncationOfARealFileFailsCleanly)
{
    auto text = engine::ptx::readTextFile(testing_paths::sourceDir() / "resources/kernels/sm_80/device_function.ptx");
    ASSERT_TRUE(text.ok());
    const std::string& full = *text;
    std::size_t bodyStart = full.find(".visible");
    std::size_t lastBrace = full.rfind('}');
    for (std::size_t cut = 0; cut < lastBrace; cut += 7) {
        auto result = engine::ptx::parsePtx(std::string_view(full).substr(0, cut), "cut.ptx");
        if (cut > bodyStart) {
            ASSERT_FALSE(result.ok()) << "cut at " << cut;
        }
        if (!result.ok()) {
            EXPECT_EQ(result.error().location.file, "cut.ptx");
            EXPECT_GT(result.error().location.line, 0u);
        }
    }
    EXPECT_NE(parseError(full.substr(0, lastBrace), "cut.ptx").find("unexpected end of file inside function"),
        std::string::npos);
}

TEST(PtxMalformed, LocMustNameADeclaredFile)
{
    std::string text = kernelWithBody(".loc 3 10 1\nret;");
    EXPECT_EQ(parseError(text), "bad.ptx:4: .loc refers to file 3 but no .file declares it");
}

TEST(PtxMalformed, OperandKindsThatWouldExecuteWrongly)
{
    EXPECT_EQ(parseError(kernelWithBody("st.global.f32 %f1, [%rd1];")),
        "bad.ptx:10:1: st: operand 1 must be an address [...]");
    EXPECT_EQ(
        parseError(kernelWithBody("ld.global.f32 [%rd1], %f1;")), "bad.ptx:10:1: ld: operand 1 cannot be an address");
    EXPECT_EQ(
        parseError(kernelWithBody("add.s32 5, %r1, %r2;")), "bad.ptx:10:1: add: the destination must be a register");
    EXPECT_EQ(parseError(kernelWithBody("ld.global.v4.f32 {%f1, %f2}, [%rd1];")),
        "bad.ptx:10:1: ld: a .v4 access needs 4 registers in braces, found 2");
    EXPECT_EQ(parseError(kernelWithBody("bra %r1;")),
        "bad.ptx:10:1: bra: the target must be a label (indirect branches are unsupported)");
}

TEST(PtxMalformed, PredicatesAndValuesAreNotMixed)
{
    EXPECT_EQ(parseError(kernelWithBody("setp.lt.s32 %r1, %r2, %r3;")),
        "bad.ptx:10:1: setp: operand 1 must be a .pred register");
    EXPECT_EQ(parseError(kernelWithBody("add.s32 %r1, %p1, %r3;")),
        "bad.ptx:10:1: add: operand 2 cannot be a .pred register");
    EXPECT_EQ(parseError(kernelWithBody("selp.b32 %r1, %r2, %r3, %r4;")),
        "bad.ptx:10:1: selp: operand 4 must be a .pred register");
    EXPECT_EQ(parseError(kernelWithBody("ld.global.f32 %f1, [%p1];")),
        "bad.ptx:10:1: ld: an address register must be 32 or 64 bits wide");
    parseOk(kernelWithBody("setp.lt.and.s32 %p1|%p2, %r1, %r2, !%p3;\nand.pred %p1, %p2, %p3;\n"
                           "selp.f32 %f1, %f2, 0f00000000, %p1;\nret;"));
}

TEST(PtxMalformed, RegisterSizesMustMatchTheInstructionType)
{
    EXPECT_EQ(parseError(kernelWithBody("add.s32 %rd1, %r1, %r2;")),
        "bad.ptx:10:1: add: operand 1 is not a 32-bit register, as .s32 requires");
    EXPECT_EQ(parseError(kernelWithBody("fma.rn.f32 %f1, %f2, %rd1, %f3;")),
        "bad.ptx:10:1: fma: operand 3 is not a 32-bit register, as .f32 requires");
    // .wide doubles the destination; shifts take a 32-bit amount; ld/st/cvt may use wider registers.
    parseOk(kernelWithBody("mul.wide.s32 %rd1, %r1, 4;\nshl.b64 %rd2, %rd1, %r2;\n"
                           "ld.global.u8 %r3, [%rd1];\ncvt.u64.u32 %rd3, %r3;\nret;"));
}

TEST(PtxMalformed, RegistersBeyondAnSmRegisterFileAreRefused)
{
    // 4 194 200 32-bit registers once parsed, took 4 GiB to run and reported full occupancy.
    EXPECT_EQ(parseError(kernelWithBody(".reg .b32 %big<4194200>;\nret;")),
        "bad.ptx:10:11: registers of function k take 16776932 bytes per thread, more than the 262144 of an SM's "
        "whole register file");
    // The kernel's own 132 bytes (4 predicates, 16 32-bit, 8 64-bit) plus 65 503 32-bit registers fit exactly.
    parseOk(kernelWithBody(".reg .b32 %big<65503>;\nret;"));
    EXPECT_NE(
        parseError(kernelWithBody(".reg .b32 %big<65504>;\nret;")).find("more than the 262144"), std::string::npos);
}
