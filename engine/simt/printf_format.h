#pragma once

#include "engine/common/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace engine::simt {

/// Where the formatter takes printf's arguments from: the packed buffer nvcc builds for vprintf, each
/// argument aligned to its own size (4-byte int/char, 8-byte long long, double, pointer).
class PrintfArguments {
public:
    virtual ~PrintfArguments() = default;
    /// The next argument of `bytes` (4 or 8) after aligning to it; an Error when it cannot be read.
    virtual Result<std::uint64_t> next(std::uint32_t bytes) = 0;
    /// The NUL-terminated string at a generic address (for %s); an Error when it cannot be read.
    virtual Result<std::string> string(std::uint64_t address) = 0;
};

struct FormattedPrintf {
    std::string text;
    int argumentsParsed = 0; ///< vprintf's return value
    std::uint64_t stringBytes = 0; ///< bytes of the %s strings copied (for the record size)
};

/// Formats a device printf as the host does it (CUDA C++ Programming Guide, "Formatted Output": the
/// final formatting happens on the host with its C library). Specifiers, as the guide's "Format
/// Specifiers" lists them: %[flags][width][.precision][size]type with flags `#0- +`, width digits or `*`,
/// precision digits, sizes h l ll, types c d i o u x X p e E f g G a A s, and `%%`. float arguments arrive
/// as double. At most 32 arguments are consumed; later specifiers, and a `.*` precision, are printed as
/// they are. A %s string is read through `args` (a NULL one is its error). An unknown conversion or a
/// specifier cut off by the end of the format is an Error naming its offset.
Result<FormattedPrintf> formatPrintf(std::string_view format, PrintfArguments& args);

} // namespace engine::simt
