#pragma once

#include <cstddef>
#include <functional>

namespace engine {

/// Calls `work(begin, end)` for consecutive chunks covering [0, count), on up to `threads` threads at once (the
/// caller's among them), each chunk at least `minChunk` long; returns when every chunk is done. For work whose
/// result per index does not depend on the chunking (filling a buffer, copying bytes), so that any thread count
/// gives the same result. `threads` 0 or 1, or a `count` below two chunks: one call on this thread.
void forEachChunk(std::size_t count, unsigned threads, std::size_t minChunk,
    const std::function<void(std::size_t begin, std::size_t end)>& work);

} // namespace engine
