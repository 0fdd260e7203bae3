#include "engine/common/huge_pages.h"

#include "engine/common/parallel_chunks.h"

#if defined(__unix__)
#include <sys/mman.h>
#endif

namespace engine {

namespace {
    /// Below two huge pages there is at most one aligned huge page inside a block: not worth a system call.
    constexpr std::size_t kAdvisedFrom = 2 * kHugePageBytes;
}

void adviseHugePages(void* p, std::size_t bytes)
{
#if defined(__unix__) && defined(MADV_HUGEPAGE)
    const auto start = reinterpret_cast<std::uintptr_t>(p);
    const std::uintptr_t first = (start + kHugePageBytes - 1) & ~std::uintptr_t { kHugePageBytes - 1 };
    const std::uintptr_t end = (start + bytes) & ~std::uintptr_t { kHugePageBytes - 1 };
    if (end > first)
        ::madvise(reinterpret_cast<void*>(first), end - first, MADV_HUGEPAGE);
#else
    (void)p;
    (void)bytes;
#endif
}

void populateForWriting(void* p, std::size_t bytes, unsigned threads)
{
#if defined(__unix__) && defined(MADV_POPULATE_WRITE)
    const auto start = reinterpret_cast<std::uintptr_t>(p);
    const std::uintptr_t first = (start + kHugePageBytes - 1) & ~std::uintptr_t { kHugePageBytes - 1 };
    const std::uintptr_t end = (start + bytes) & ~std::uintptr_t { kHugePageBytes - 1 };
    if (end <= first)
        return;
    // Four huge pages a thread at least: a thread costs about what faulting in a few pages does.
    constexpr std::size_t kMinChunkPages = 4;
    forEachChunk((end - first) / kHugePageBytes, threads, kMinChunkPages, [first](std::size_t begin, std::size_t stop) {
        ::madvise(reinterpret_cast<void*>(first + begin * kHugePageBytes), (stop - begin) * kHugePageBytes,
            MADV_POPULATE_WRITE); // EINVAL before Linux 5.14: the memset below faults them in
    });
#else
    (void)p;
    (void)bytes;
    (void)threads;
#endif
}

std::vector<std::uint8_t> zeroedByteVector(std::size_t count, unsigned threads)
{
    std::vector<std::uint8_t> bytes;
    if (count >= kAdvisedFrom) {
        bytes.reserve(count); // the storage, untouched: a large block comes straight from mmap
        adviseHugePages(bytes.data(), count);
        if (threads > 1)
            populateForWriting(bytes.data(), count, threads);
    }
    bytes.assign(count, 0);
    return bytes;
}

} // namespace engine
