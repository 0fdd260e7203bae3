#include "engine/host/int_expression.h"

#include <gtest/gtest.h>

namespace {

using engine::evaluateIntExpression;

const engine::ParamValues kParams {{"n", 16777216}, {"offset", 3}, {"stride", 2}};

std::int64_t eval(const char* text)
{
    auto result = evaluateIntExpression(text, kParams);
    EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().message);
    return result.ok() ? *result : 0;
}

std::string errorOf(const char* text)
{
    auto result = evaluateIntExpression(text, kParams);
    EXPECT_FALSE(result.ok());
    return result.ok() ? "" : result.error().message;
}

TEST(IntExpression, ScenarioExamplesFromTheDesign)
{
    EXPECT_EQ(eval("n + 32"), 16777248);
    EXPECT_EQ(eval("4 * (n + 32)"), 67108992);
    EXPECT_EQ(eval("n / 256"), 65536);
}

TEST(IntExpression, PrecedenceUnaryAndTruncation)
{
    EXPECT_EQ(eval("2 + 3 * 4"), 14);
    EXPECT_EQ(eval("(2 + 3) * 4"), 20);
    EXPECT_EQ(eval("-7 / 2"), -3);
    EXPECT_EQ(eval("-7 % 2"), -1);
    EXPECT_EQ(eval("--5"), 5);
    EXPECT_EQ(eval("n*stride+offset"), 33554435);
    EXPECT_EQ(eval("  42  "), 42);
}

TEST(IntExpression, ErrorsNameTheColumn)
{
    EXPECT_EQ(errorOf("n + m"), "in expression \"n + m\" at column 5: unknown parameter 'm'");
    EXPECT_EQ(errorOf("n / (offset - 3)"), "in expression \"n / (offset - 3)\" at column 3: division by zero");
    EXPECT_EQ(errorOf("(n + 1"), "in expression \"(n + 1\" at column 7: expected ')'");
    EXPECT_EQ(errorOf("n +"), "in expression \"n +\" at column 4: expected a number, a name or '('");
    EXPECT_EQ(errorOf("2 $ 3"), "in expression \"2 $ 3\" at column 3: unexpected '$'");
    EXPECT_EQ(errorOf(""), "in expression \"\" at column 1: expected a number, a name or '('");
}

TEST(IntExpression, OverflowIsAnError)
{
    EXPECT_NE(errorOf("99999999999999999999").find("integer literal too large"), std::string::npos);
    EXPECT_NE(errorOf("9223372036854775807 + 1").find("integer overflow"), std::string::npos);
    EXPECT_NE(errorOf("n * n * n * n").find("integer overflow"), std::string::npos);
}

TEST(IntExpression, DeepNestingIsAnErrorNotAStackOverflow)
{
    // 26 000 parentheses or 160 000 unary signs once overflowed the stack of the recursive evaluator.
    const std::string parens = std::string(26000, '(') + "1" + std::string(26000, ')');
    const auto message = errorOf(parens.c_str());
    EXPECT_NE(message.find("nested more than 256 levels deep"), std::string::npos) << message;
    EXPECT_NE(message.find("(52001 characters)"), std::string::npos) << message;
    EXPECT_LT(message.size(), 200u);
    const std::string signs = std::string(160000, '-') + "1";
    EXPECT_NE(errorOf(signs.c_str()).find("nested more than 256 levels deep"), std::string::npos);
    // Nesting up to the limit still evaluates.
    EXPECT_EQ(eval((std::string(100, '(') + "-+-2" + std::string(100, ')')).c_str()), 2);
}

} // namespace
