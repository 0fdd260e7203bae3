#pragma once

#include "engine/common/error.h"
#include "engine/ptx/token.h"

#include <string>

namespace engine::ptx {

/// Thrown inside the PTX lexer and parser only, to unwind from deep inside a statement; parsePtx()
/// catches it and returns the Error it carries, so nothing escapes the front end as an exception.
struct ParseFailure {
    Error error;
};

/// Throws a ParseFailure "file:line:col: message".
[[noreturn]] inline void failAt(const std::string& file, std::uint32_t line, std::uint32_t column, std::string message,
    ErrorCode code = ErrorCode::ParseError)
{
    throw ParseFailure {Error(code, std::move(message), SourceLocation::inFile(file, line, column))};
}

[[noreturn]] inline void failAt(
    const std::string& file, const Token& at, std::string message, ErrorCode code = ErrorCode::ParseError)
{
    failAt(file, at.line, at.column, std::move(message), code);
}

} // namespace engine::ptx
