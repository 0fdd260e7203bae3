#pragma once

#include <cstdint>
#include <string>
#include <utility>

namespace engine {

/// Where a user error was found: a file with an optional line and column, or a JSON path inside it.
struct SourceLocation {
    std::string file;
    std::uint32_t line = 0; ///< 1-based; 0 when unknown
    std::uint32_t column = 0; ///< 1-based; 0 when unknown
    std::string jsonPath; ///< e.g. "/limits/max_warps_per_sm"; empty when not JSON

    static SourceLocation inFile(std::string file, std::uint32_t line = 0, std::uint32_t column = 0)
    {
        return SourceLocation { std::move(file), line, column, {} };
    }
    static SourceLocation atJsonPath(std::string file, std::string path)
    {
        return SourceLocation { std::move(file), 0, 0, std::move(path) };
    }
};

enum class ErrorCode {
    InvalidArgument, ///< a request the user made does not make sense (block of 2000 threads)
    NotFound, ///< a named thing (device id, file) does not exist
    ParseError, ///< malformed input file
    Unsupported, ///< valid input the model does not handle
    IoError, ///< the operating system refused a read or write
};

/// A user-facing error: what went wrong and where. Our own bugs are not Errors; they are internal checks.
struct Error {
    Error() = default;
    Error(ErrorCode c, std::string m, SourceLocation l = {})
        : code(c)
        , message(std::move(m))
        , location(std::move(l))
    {
    }

    ErrorCode code = ErrorCode::InvalidArgument;
    std::string message;
    SourceLocation location;

    /// One line: "file:line:col: message" or "file: /json/path: message", as much as is known.
    std::string toString() const;
};

} // namespace engine
