#include "engine/ptx/lexer.h"

#include "engine/ptx/parse_failure.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace engine::ptx {

namespace {

bool isAlpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}
bool isHexDigit(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
// PTX ISA 8.5 §4.4: followsym = [a-zA-Z0-9_$]
bool isFollowSym(char c)
{
    return isAlpha(c) || isDigit(c) || c == '_' || c == '$';
}

unsigned digitValue(char c)
{
    if (isDigit(c))
        return static_cast<unsigned>(c - '0');
    if (c >= 'a' && c <= 'f')
        return static_cast<unsigned>(c - 'a' + 10);
    return static_cast<unsigned>(c - 'A' + 10);
}

std::string describeChar(char c)
{
    auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f)
        return std::string("'") + c + "'";
    static constexpr char kHex[] = "0123456789abcdef";
    return std::string("byte 0x") + kHex[byte >> 4] + kHex[byte & 0xf];
}

constexpr std::string_view kPunct = ",;:{}[]()<>+-@!|=*/";

} // namespace

Lexer::Lexer(std::string_view source, std::string file)
    : m_src(source)
    , m_file(std::move(file))
{ }

std::vector<Token> Lexer::tokenize()
{
    std::vector<Token> tokens;
    tokens.reserve(m_src.size() / 4 + 1);
    for (;;) {
        skipSpaceAndComments();
        tokens.push_back(next());
        if (tokens.back().kind == TokenKind::End)
            return tokens;
    }
}

char Lexer::peek(std::size_t ahead) const
{
    return m_pos + ahead < m_src.size() ? m_src[m_pos + ahead] : '\0';
}

// Tokens never span lines, so advancing is a pointer bump; newlines are counted where whitespace and
// comments are skipped, and a column is the distance from the line's start.
void Lexer::advance(std::size_t n)
{
    m_pos = std::min(m_pos + n, m_src.size());
}

std::uint32_t Lexer::column() const
{
    return static_cast<std::uint32_t>(std::min<std::size_t>(m_pos - m_lineStart + 1, 0xffffffffU));
}

void Lexer::skipTo(std::size_t end)
{
    for (; m_pos < end; ++m_pos) {
        if (m_src[m_pos] == '\n') {
            ++m_line;
            m_lineStart = m_pos + 1;
        }
    }
}

// PTX ISA 8.5 §4.2 "Comments": C++ style // to end of line and /* */, which do not nest.
void Lexer::skipSpaceAndComments()
{
    while (m_pos < m_src.size()) {
        char c = peek();
        if (c == '\n') {
            skipTo(m_pos + 1);
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            advance();
        } else if (c == '/' && peek(1) == '/') {
            std::size_t eol = m_src.find('\n', m_pos);
            m_pos = (eol == std::string_view::npos) ? m_src.size() : eol;
        } else if (c == '/' && peek(1) == '*') {
            std::uint32_t line = m_line, col = column();
            std::size_t close = m_src.find("*/", m_pos + 2);
            if (close == std::string_view::npos)
                failAt(m_file, line, col, "unterminated /* comment");
            skipTo(close + 2);
        } else {
            return;
        }
    }
}

Token Lexer::next()
{
    Token tok;
    tok.line = m_line;
    tok.column = column();
    if (m_pos >= m_src.size())
        return tok;
    char c = peek();
    if (isAlpha(c) || c == '$' || c == '%' || (c == '_' && isFollowSym(peek(1))))
        return lexIdentifier();
    if (c == '.' && (isFollowSym(peek(1))))
        return lexDotName();
    if (isDigit(c))
        return lexNumber();
    if (c == '"')
        return lexString();
    if (c == '_' || kPunct.find(c) != std::string_view::npos) {
        tok.kind = TokenKind::Punct;
        tok.punct = c;
        tok.text = m_src.substr(m_pos, 1);
        advance();
        return tok;
    }
    failAt(m_file, tok, "unexpected character " + describeChar(c));
}

Token Lexer::lexIdentifier()
{
    Token tok;
    tok.kind = TokenKind::Identifier;
    tok.line = m_line;
    tok.column = column();
    std::size_t start = m_pos;
    advance();
    while (isFollowSym(peek()))
        advance();
    tok.text = m_src.substr(start, m_pos - start);
    return tok;
}

// A directive or suffix; PTX ISA 8.5 §9.7.9 and §5.1 spell some with "::" (".shared::cta",
// ".L2::evict_last"), which stay part of the one name.
Token Lexer::lexDotName()
{
    Token tok;
    tok.kind = TokenKind::DotName;
    tok.line = m_line;
    tok.column = column();
    std::size_t start = m_pos;
    advance();
    for (;;) {
        while (isFollowSym(peek()))
            advance();
        if (peek() == ':' && peek(1) == ':' && isFollowSym(peek(2)))
            advance(2);
        else
            break;
    }
    tok.text = m_src.substr(start, m_pos - start);
    return tok;
}

std::uint64_t Lexer::digitsValue(std::string_view digits, unsigned base, const Token& at) const
{
    if (digits.empty())
        failAt(m_file, at, "malformed number '" + std::string(at.text) + "'");
    std::uint64_t v = 0;
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
    for (char d : digits) {
        unsigned dv = digitValue(d);
        if (dv >= base)
            failAt(m_file, at, "malformed number '" + std::string(at.text) + "'");
        if (v > (kMax - dv) / base)
            failAt(m_file, at, "integer literal '" + std::string(at.text) + "' does not fit in 64 bits");
        v = v * base + dv;
    }
    return v;
}

// PTX ISA 8.5 §4.5.1 "Integer Constants": hex 0x, octal 0, binary 0b, decimal, optional U suffix;
// §4.5.2 "Floating-Point Constants": 0f/0d + exact hex bits, or a decimal literal.
Token Lexer::lexNumber()
{
    Token tok;
    tok.kind = TokenKind::Integer;
    tok.line = m_line;
    tok.column = column();
    std::size_t start = m_pos;
    char c1 = peek(1);
    if (peek() == '0' && (c1 == 'f' || c1 == 'F' || c1 == 'd' || c1 == 'D') && isHexDigit(peek(2))) {
        lexHexFloat(tok, c1 == 'd' || c1 == 'D');
        return tok;
    }
    while (isFollowSym(peek()))
        advance();
    if (peek() == '.' && isDigit(peek(1))) {
        lexDecimalFloat(tok, start);
        return tok;
    }
    tok.text = m_src.substr(start, m_pos - start);
    std::string_view body = tok.text;
    if (!body.empty() && (body.back() == 'U' || body.back() == 'u'))
        body.remove_suffix(1);
    if (body.size() > 1 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X'))
        tok.value = digitsValue(body.substr(2), 16, tok);
    else if (body.size() > 1 && body[0] == '0' && (body[1] == 'b' || body[1] == 'B'))
        tok.value = digitsValue(body.substr(2), 2, tok);
    else if (body.size() > 1 && body[0] == '0')
        tok.value = digitsValue(body.substr(1), 8, tok);
    else if (body.find_first_of("eE") != std::string_view::npos)
        lexDecimalFloat(tok, start);
    else
        tok.value = digitsValue(body, 10, tok);
    return tok;
}

void Lexer::lexHexFloat(Token& tok, bool isDouble)
{
    std::size_t start = m_pos;
    advance(2);
    while (isFollowSym(peek()))
        advance();
    tok.text = m_src.substr(start, m_pos - start);
    tok.kind = TokenKind::Float;
    tok.isDouble = isDouble;
    tok.isHexFloat = true;
    std::size_t want = isDouble ? 16 : 8;
    if (tok.text.size() != want + 2)
        failAt(m_file, tok,
            "floating-point literal '" + std::string(tok.text) + "' needs exactly " + std::to_string(want)
                + " hex digits");
    tok.value = digitsValue(tok.text.substr(2), 16, tok);
}

void Lexer::lexDecimalFloat(Token& tok, std::size_t start)
{
    // digits [. digits] [e [+-] digits]; the integer digits (and maybe an 'e') are already consumed.
    if (peek() == '.') {
        advance();
        while (isDigit(peek()))
            advance();
    }
    bool afterE = m_pos > start && (m_src[m_pos - 1] == 'e' || m_src[m_pos - 1] == 'E');
    if (!afterE && (peek() == 'e' || peek() == 'E')) {
        advance();
        afterE = true;
    }
    if (afterE && (peek() == '+' || peek() == '-'))
        advance();
    while (isFollowSym(peek()))
        advance();
    tok.kind = TokenKind::Float;
    tok.isDouble = true;
    tok.text = m_src.substr(start, m_pos - start);
    auto [ptr, ec] = std::from_chars(tok.text.data(), tok.text.data() + tok.text.size(), tok.real);
    if (ec != std::errc() || ptr != tok.text.data() + tok.text.size())
        failAt(m_file, tok, "malformed floating-point literal '" + std::string(tok.text) + "'");
}

Token Lexer::lexString()
{
    Token tok;
    tok.kind = TokenKind::String;
    tok.line = m_line;
    tok.column = column();
    advance();
    std::size_t start = m_pos;
    while (m_pos < m_src.size() && peek() != '"' && peek() != '\n')
        advance();
    if (peek() != '"')
        failAt(m_file, tok, "unterminated string");
    tok.text = m_src.substr(start, m_pos - start);
    advance();
    return tok;
}

} // namespace engine::ptx
