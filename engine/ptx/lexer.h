#pragma once

#include "engine/ptx/token.h"

#include <string>
#include <string_view>
#include <vector>

namespace engine::ptx {

/// Splits PTX source into tokens (PTX ISA 8.5 §4.1-§4.5). Internal to the front end: on a lexical
/// error it throws ParseFailure, which parsePtx() turns into an Error. Tokens view into `source`,
/// which must outlive them. The last token is always End.
class Lexer {
public:
    Lexer(std::string_view source, std::string file);

    std::vector<Token> tokenize();

private:
    void skipSpaceAndComments();
    Token next();
    Token lexIdentifier();
    Token lexDotName();
    Token lexNumber();
    Token lexString();
    void lexHexFloat(Token& tok, bool isDouble);
    void lexDecimalFloat(Token& tok, std::size_t start);
    std::uint64_t digitsValue(std::string_view digits, unsigned base, const Token& at) const;
    char peek(std::size_t ahead = 0) const;
    void advance(std::size_t n = 1);
    void skipTo(std::size_t end);
    std::uint32_t column() const;

    std::string_view m_src;
    std::string m_file;
    std::size_t m_pos = 0;
    std::uint32_t m_line = 1;
    std::size_t m_lineStart = 0;
};

} // namespace engine::ptx
