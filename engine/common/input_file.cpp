#include "engine/common/input_file.h"

#include <fstream>
#include <sstream>

namespace engine {

namespace {

namespace fs = std::filesystem;

const char* kindName(fs::file_type type)
{
    switch (type) {
    case fs::file_type::directory:
        return "a directory";
    case fs::file_type::fifo:
        return "a FIFO";
    case fs::file_type::socket:
        return "a socket";
    case fs::file_type::block:
        return "a block device";
    case fs::file_type::character:
        return "a character device";
    default:
        return "not a regular file";
    }
}

} // namespace

std::optional<Error> checkInputFile(const fs::path& file)
{
    std::error_code ec;
    const auto status = fs::status(file, ec);
    if (status.type() == fs::file_type::not_found)
        return Error {ErrorCode::NotFound, "no such file", SourceLocation::inFile(file.string())};
    if (ec)
        return Error {
            ErrorCode::IoError, "cannot open the file: " + ec.message(), SourceLocation::inFile(file.string())};
    if (status.type() != fs::file_type::regular)
        return Error {ErrorCode::InvalidArgument, std::string("is ") + kindName(status.type()) + ", not a regular file",
            SourceLocation::inFile(file.string())};
    return std::nullopt;
}

Result<std::string> readInputFile(const fs::path& file)
{
    if (auto error = checkInputFile(file))
        return *error;
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return Error {ErrorCode::IoError, "cannot open the file", SourceLocation::inFile(file.string())};
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad())
        return Error {ErrorCode::IoError, "cannot read the file", SourceLocation::inFile(file.string())};
    return text.str();
}

} // namespace engine
