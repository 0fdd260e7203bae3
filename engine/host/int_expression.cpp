#include "engine/host/int_expression.h"

#include <cctype>
#include <limits>

namespace engine {

namespace {

struct ExpressionError {
    std::size_t column; ///< 1-based
    std::string message;
};

/// Nesting (parentheses and unary signs together) deeper than this is refused before the recursion
/// could exhaust the stack; real expressions nest a handful of levels.
constexpr int kMaxNesting = 256;

/// Recursive-descent evaluator: expr := term (('+'|'-') term)*, term := unary (('*'|'/'|'%') unary)*,
/// unary := '-' unary | primary, primary := number | name | '(' expr ')'.
class Evaluator {
public:
    Evaluator(std::string_view text, const ParamValues& params)
        : m_text(text)
        , m_params(params)
    { }

    std::int64_t run()
    {
        const auto value = expression();
        skipSpaces();
        if (m_pos < m_text.size())
            fail("unexpected '" + std::string(1, m_text[m_pos]) + "'");
        return value;
    }

private:
    [[noreturn]] void fail(std::string message) const { throw ExpressionError {m_pos + 1, std::move(message)}; }

    void skipSpaces()
    {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
    }

    bool accept(char c)
    {
        skipSpaces();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }

    enum class Op { Add, Subtract, Multiply };

    std::int64_t apply(Op op, std::int64_t lhs, std::int64_t rhs) const
    {
        std::int64_t result = 0;
        bool overflowed = false;
        switch (op) {
        case Op::Add:
            overflowed = __builtin_add_overflow(lhs, rhs, &result);
            break;
        case Op::Subtract:
            overflowed = __builtin_sub_overflow(lhs, rhs, &result);
            break;
        case Op::Multiply:
            overflowed = __builtin_mul_overflow(lhs, rhs, &result);
            break;
        }
        if (overflowed)
            fail("integer overflow");
        return result;
    }

    std::int64_t expression()
    {
        auto value = term();
        while (true) {
            if (accept('+'))
                value = apply(Op::Add, value, term());
            else if (accept('-'))
                value = apply(Op::Subtract, value, term());
            else
                return value;
        }
    }

    std::int64_t term()
    {
        auto value = unary();
        while (true) {
            if (accept('*')) {
                value = apply(Op::Multiply, value, unary());
            } else if (accept('/') || accept('%')) {
                const bool divide = m_text[m_pos - 1] == '/';
                const auto operatorPos = m_pos;
                const auto rhs = unary();
                if (rhs == 0) {
                    m_pos = operatorPos - 1;
                    fail("division by zero");
                }
                if (value == std::numeric_limits<std::int64_t>::min() && rhs == -1)
                    fail("integer overflow");
                value = divide ? value / rhs : value % rhs;
            } else {
                return value;
            }
        }
    }

    /// Counts one level of nesting while alive; fails past kMaxNesting.
    class NestingGuard {
    public:
        explicit NestingGuard(Evaluator& evaluator)
            : m_evaluator(evaluator)
        {
            if (++m_evaluator.m_depth > kMaxNesting)
                m_evaluator.fail("nested more than " + std::to_string(kMaxNesting) + " levels deep");
        }
        ~NestingGuard() { --m_evaluator.m_depth; }
        NestingGuard(const NestingGuard&) = delete;
        NestingGuard& operator=(const NestingGuard&) = delete;

    private:
        Evaluator& m_evaluator;
    };

    std::int64_t unary()
    {
        const NestingGuard guard(*this);
        if (accept('-'))
            return apply(Op::Subtract, 0, unary());
        if (accept('+'))
            return unary();
        return primary();
    }

    std::int64_t primary()
    {
        skipSpaces();
        if (m_pos >= m_text.size())
            fail("expected a number, a name or '('");
        const char c = m_text[m_pos];
        if (c == '(') {
            ++m_pos;
            const auto value = expression();
            if (!accept(')'))
                fail("expected ')'");
            return value;
        }
        if (std::isdigit(static_cast<unsigned char>(c)))
            return number();
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_')
            return name();
        fail("unexpected '" + std::string(1, c) + "'");
    }

    std::int64_t number()
    {
        std::int64_t value = 0;
        while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos]))) {
            if (__builtin_mul_overflow(value, 10, &value) || __builtin_add_overflow(value, m_text[m_pos] - '0', &value))
                fail("integer literal too large");
            ++m_pos;
        }
        return value;
    }

    std::int64_t name()
    {
        const auto start = m_pos;
        while (
            m_pos < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '_'))
            ++m_pos;
        const auto identifier = m_text.substr(start, m_pos - start);
        const auto it = m_params.find(identifier);
        if (it == m_params.end()) {
            m_pos = start;
            constexpr std::size_t kShown = 40;
            fail("unknown parameter '" + std::string(identifier.substr(0, kShown))
                + (identifier.size() > kShown ? "...'" : "'"));
        }
        return it->second;
    }

    std::string_view m_text;
    const ParamValues& m_params;
    std::size_t m_pos = 0;
    int m_depth = 0;
};

/// The expression as an error message quotes it: whole when short, else its start and length.
std::string quoted(std::string_view text)
{
    constexpr std::size_t kShown = 60;
    if (text.size() <= kShown)
        return '"' + std::string(text) + '"';
    return '"' + std::string(text.substr(0, kShown)) + "...\" (" + std::to_string(text.size()) + " characters)";
}

} // namespace

Result<std::int64_t> evaluateIntExpression(std::string_view text, const ParamValues& params)
{
    try {
        return Evaluator(text, params).run();
    } catch (const ExpressionError& error) {
        return Error {ErrorCode::InvalidArgument,
            "in expression " + quoted(text) + " at column " + std::to_string(error.column) + ": " + error.message};
    }
}

} // namespace engine
