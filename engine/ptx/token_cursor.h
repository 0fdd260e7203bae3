#pragma once

#include "engine/ptx/parse_failure.h"
#include "engine/ptx/token.h"

#include <string>
#include <vector>

namespace engine::ptx {

/// Reading position in a token stream with the expect/accept helpers of a recursive-descent parser.
/// Failures throw ParseFailure with the offending token's file:line:col.
class TokenCursor {
public:
    TokenCursor(const std::vector<Token>& tokens, std::string file)
        : m_tokens(tokens)
        , m_file(std::move(file))
    { }

    const Token& peek(std::size_t ahead = 0) const
    {
        std::size_t i = m_pos + ahead;
        return i < m_tokens.size() ? m_tokens[i] : m_tokens.back();
    }
    const Token& take()
    {
        const Token& t = peek();
        if (m_pos + 1 < m_tokens.size())
            ++m_pos;
        return t;
    }
    bool atEnd() const { return peek().kind == TokenKind::End; }
    /// The reading position, for seek(): to skip a construct after a failure inside it.
    std::size_t position() const { return m_pos; }
    void seek(std::size_t position) { m_pos = position < m_tokens.size() ? position : m_tokens.size() - 1; }
    bool accept(char punct)
    {
        if (!peek().is(punct))
            return false;
        take();
        return true;
    }
    bool acceptDot(std::string_view name)
    {
        if (!peek().isDot(name))
            return false;
        take();
        return true;
    }
    const Token& expect(char punct, std::string_view context)
    {
        if (!peek().is(punct))
            failExpected(std::string("'") + punct + "'", context);
        return take();
    }
    const Token& expectIdentifier(std::string_view context)
    {
        if (peek().kind != TokenKind::Identifier)
            failExpected("a name", context);
        return take();
    }
    const Token& expectKind(TokenKind kind, std::string_view what, std::string_view context)
    {
        if (peek().kind != kind)
            failExpected(std::string(what), context);
        return take();
    }
    /// An unsigned integer no larger than `max`.
    std::uint64_t expectInteger(std::string_view context, std::uint64_t max = ~std::uint64_t {0})
    {
        const Token& t = expectKind(TokenKind::Integer, "an integer", context);
        if (t.value > max)
            fail(t, std::string(context) + ": " + std::string(t.text) + " is larger than " + std::to_string(max));
        return t.value;
    }

    [[noreturn]] void fail(const Token& at, std::string message, ErrorCode code = ErrorCode::ParseError) const
    {
        failAt(m_file, at, std::move(message), code);
    }
    [[noreturn]] void failExpected(const std::string& what, std::string_view context) const
    {
        const Token& t = peek();
        std::string found = t.kind == TokenKind::End ? "end of file" : "'" + std::string(t.text) + "'";
        fail(t, "expected " + what + " in " + std::string(context) + ", found " + found);
    }
    const std::string& file() const { return m_file; }

private:
    const std::vector<Token>& m_tokens;
    std::string m_file;
    std::size_t m_pos = 0;
};

} // namespace engine::ptx
