#pragma once

#include <cstdint>
#include <string_view>

namespace engine::ptx {

/// PTX ISA 8.5 §4 "Syntax": the lexical classes the lexer produces.
enum class TokenKind : std::uint8_t {
    Identifier, ///< §4.4: followsym-identifiers, %registers, $labels
    DotName, ///< a directive or a suffix: ".entry", ".f32", ".shared::cta" (text keeps the dot)
    Integer, ///< §4.5.1: decimal, hex, octal or binary; `value` holds the bits
    Float, ///< §4.5.2: 0fXXXXXXXX / 0dXXXXXXXXXXXXXXXX (bits in `value`) or decimal (in `real`)
    String, ///< "..." (text without quotes)
    Punct, ///< one character of , ; : { } [ ] ( ) < > + - @ ! | = _
    End,
};

struct Token {
    TokenKind kind = TokenKind::End;
    char punct = 0; ///< the character of a Punct token
    bool isDouble = false; ///< Float: 0d form, or a decimal literal (PTX ISA §4.5.2: decimal is f64)
    bool isHexFloat = false;
    std::string_view text;
    std::uint64_t value = 0;
    double real = 0.0;
    std::uint32_t line = 1;
    std::uint32_t column = 1;

    bool is(char c) const { return kind == TokenKind::Punct && punct == c; }
    bool isDot(std::string_view name) const { return kind == TokenKind::DotName && text == name; }
};

} // namespace engine::ptx
