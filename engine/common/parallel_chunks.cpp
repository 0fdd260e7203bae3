#include "engine/common/parallel_chunks.h"

#include <algorithm>
#include <system_error>
#include <thread>
#include <vector>

namespace engine {

void forEachChunk(std::size_t count, unsigned threads, std::size_t minChunk,
    const std::function<void(std::size_t begin, std::size_t end)>& work)
{
    const std::size_t chunks = std::min<std::size_t>(std::max(1u, threads), count / std::max<std::size_t>(1, minChunk));
    if (chunks <= 1) {
        if (count > 0)
            work(0, count);
        return;
    }
    const auto bound = [count, chunks](std::size_t c) { return count * c / chunks; };
    std::vector<std::jthread> helpers;
    helpers.reserve(chunks - 1);
    for (std::size_t c = 1; c < chunks; ++c) {
        try {
            helpers.emplace_back([&work, &bound, c] { work(bound(c), bound(c + 1)); });
        } catch (const std::system_error&) { // no thread to be had (a process limit): this one does the chunk
            work(bound(c), bound(c + 1));
        }
    }
    work(0, bound(1));
} // the helpers join here

} // namespace engine
