#include "engine/ptx/lexer.h"
#include "engine/ptx/parse_failure.h"

#include <bit>
#include <gtest/gtest.h>

using engine::ptx::Lexer;
using engine::ptx::ParseFailure;
using engine::ptx::Token;
using engine::ptx::TokenKind;

namespace {

std::vector<Token> lex(std::string_view text)
{
    return Lexer(text, "t.ptx").tokenize();
}

std::string lexError(std::string_view text)
{
    try {
        lex(text);
    } catch (const ParseFailure& f) {
        return f.error.toString();
    }
    return "no error";
}

} // namespace

TEST(PtxLexer, SplitsAnInstructionIntoNameSuffixesAndOperands)
{
    auto t = lex("ld.global.f32 %f1, [%rd4+16];");
    ASSERT_EQ(t.size(), 12u);
    EXPECT_EQ(t[0].text, "ld");
    EXPECT_EQ(t[1].kind, TokenKind::DotName);
    EXPECT_EQ(t[1].text, ".global");
    EXPECT_EQ(t[2].text, ".f32");
    EXPECT_EQ(t[3].text, "%f1");
    EXPECT_TRUE(t[5].is('['));
    EXPECT_EQ(t[8].value, 16u);
    EXPECT_EQ(t.back().kind, TokenKind::End);
}

TEST(PtxLexer, SkipsBothCommentStylesAndCountsLines)
{
    auto t = lex("// line comment\n/* block\ncomment */ ret; // tail\n");
    ASSERT_EQ(t.size(), 3u);
    EXPECT_EQ(t[0].text, "ret");
    EXPECT_EQ(t[0].line, 3u);
    EXPECT_EQ(t[0].column, 12u);
}

TEST(PtxLexer, ReadsEveryIntegerForm)
{
    // PTX ISA 8.5 §4.5.1: hex, octal, binary, decimal, optional U suffix.
    auto t = lex("0x1F 017 0b101 42 42U");
    EXPECT_EQ(t[0].value, 31u);
    EXPECT_EQ(t[1].value, 15u);
    EXPECT_EQ(t[2].value, 5u);
    EXPECT_EQ(t[3].value, 42u);
    EXPECT_EQ(t[4].value, 42u);
}

TEST(PtxLexer, ReadsFloatLiteralsExactly)
{
    auto t = lex("0f3F800000 0d3FF0000000000000 1.5 2e3");
    EXPECT_EQ(t[0].kind, TokenKind::Float);
    EXPECT_FALSE(t[0].isDouble);
    EXPECT_EQ(std::bit_cast<float>(static_cast<std::uint32_t>(t[0].value)), 1.0f);
    EXPECT_TRUE(t[1].isDouble);
    EXPECT_EQ(std::bit_cast<double>(t[1].value), 1.0);
    EXPECT_DOUBLE_EQ(t[2].real, 1.5);
    EXPECT_DOUBLE_EQ(t[3].real, 2000.0);
}

TEST(PtxLexer, KeepsScopedSuffixesWhole)
{
    auto t = lex("ld.shared::cta.L1::evict_last.f32");
    EXPECT_EQ(t[1].text, ".shared::cta");
    EXPECT_EQ(t[2].text, ".L1::evict_last");
}

TEST(PtxLexer, RejectsLiteralsThatDoNotFit)
{
    EXPECT_EQ(lexError("mov.u64 %rd1, 18446744073709551616;"),
        "t.ptx:1:15: integer literal '18446744073709551616' does not fit in 64 bits");
    EXPECT_EQ(
        lexError("0xFFFFFFFFFFFFFFFFF"), "t.ptx:1:1: integer literal '0xFFFFFFFFFFFFFFFFF' does not fit in 64 bits");
    EXPECT_EQ(lexError("0f3F80"), "t.ptx:1:1: floating-point literal '0f3F80' needs exactly 8 hex digits");
}

TEST(PtxLexer, RejectsGarbageWithItsPosition)
{
    EXPECT_EQ(lexError("ret;\n  \x01"), "t.ptx:2:3: unexpected character byte 0x01");
    EXPECT_EQ(lexError("ret; #"), "t.ptx:1:6: unexpected character '#'");
    EXPECT_EQ(lexError("/* never closed"), "t.ptx:1:1: unterminated /* comment");
    EXPECT_EQ(lexError(".file 1 \"abc\n"), "t.ptx:1:9: unterminated string");
}
