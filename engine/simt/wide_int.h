#pragma once

#include <cstdint>
#include <type_traits>

namespace engine::simt {

__extension__ typedef __int128 Int128; // GCC/Clang extension; __extension__ keeps -Wpedantic quiet
__extension__ typedef unsigned __int128 UInt128;

/// The integer type twice as wide as T, with T's signedness (int64 and uint64 map to 128 bits).
template <typename T>
struct Wider;
template <> struct Wider<std::int16_t> { using type = std::int32_t; };
template <> struct Wider<std::uint16_t> { using type = std::uint32_t; };
template <> struct Wider<std::int32_t> { using type = std::int64_t; };
template <> struct Wider<std::uint32_t> { using type = std::uint64_t; };
template <> struct Wider<std::int64_t> { using type = Int128; };
template <> struct Wider<std::uint64_t> { using type = UInt128; };
template <typename T>
using WiderT = typename Wider<T>::type;

/// The full product of two T values.
template <typename T>
WiderT<T> fullProduct(T a, T b)
{
    return static_cast<WiderT<T>>(a) * static_cast<WiderT<T>>(b);
}

/// a + b modulo 2^bits (no signed-overflow UB).
template <typename T>
T wrapAdd(T a, T b)
{
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
}

template <typename T>
T wrapSub(T a, T b)
{
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
}

template <typename T>
T wrapMul(T a, T b)
{
    using U = std::make_unsigned_t<T>;
    using P = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>; // avoid int promotion
    return static_cast<T>(static_cast<U>(static_cast<P>(static_cast<U>(a)) * static_cast<P>(static_cast<U>(b))));
}

} // namespace engine::simt
