#pragma once

#include <cstdint>

namespace engine {

/// `value` rounded up to a multiple of `align` (any positive multiple; 0 and 1 leave it as it is).
constexpr std::uint64_t alignUp(std::uint64_t value, std::uint64_t align)
{
    return align <= 1 ? value : (value + align - 1) / align * align;
}

} // namespace engine
