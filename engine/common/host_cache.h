#pragma once

#include <cstddef>

namespace engine {

/// A host cache line: what one prefetch brings.
inline constexpr std::size_t kHostCacheLine = 64;

/// The alignment of objects that different threads write at the same time, side by side in one array (an SM's state,
/// its queue and L1 while the SMs step on several threads; a share of the L2 pass): two host cache lines, since x86
/// cores fetch the line next to the one they miss as well. Objects closer than that share a line, and each write by
/// one thread takes the line away from the other ("false sharing").
inline constexpr std::size_t kThreadPrivateAlign = 2 * kHostCacheLine;

/// A value that one thread writes while other threads write the values beside it (an array of per-job results, a
/// job's claim), in host cache lines of its own.
template <typename T>
struct alignas(kThreadPrivateAlign) ThreadPrivate {
    T value {};
};

} // namespace engine
