#include "engine/timing/zeroed_buffer.h"

#include "engine/common/huge_pages.h"

#include <cstdint>

#if defined(__unix__)
#include <sys/mman.h>
#endif

namespace engine::timing {

namespace {
    /// From here on, blocks are mapped pages (mmap's granularity makes smaller ones wasteful).
    constexpr std::size_t kMappedFrom = std::size_t { 1 } << 20;
}

void* zeroedBytes(std::size_t bytes)
{
#if defined(__unix__)
    if (bytes >= kMappedFrom) {
        // Mapped at a huge-page boundary and marked for huge pages where the kernel offers them
        // (transparent_hugepage "madvise" or "always"): a launch's accesses, hashed over the 50 MB L2's sets,
        // touch a new 4 KB page almost every time, and a fault per page cost more than the launch itself.
        const std::size_t slack = kHugePageBytes;
        void* raw = ::mmap(nullptr, bytes + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED)
            throw std::bad_alloc();
        const auto start = reinterpret_cast<std::uintptr_t>(raw);
        const auto aligned = (start + kHugePageBytes - 1) & ~std::uintptr_t { kHugePageBytes - 1 };
        if (aligned != start)
            ::munmap(raw, aligned - start);
        if (const std::size_t tail = slack - (aligned - start); tail != 0)
            ::munmap(reinterpret_cast<void*>(aligned + bytes), tail);
        adviseHugePages(reinterpret_cast<void*>(aligned), bytes);
        return reinterpret_cast<void*>(aligned);
    }
#endif
    void* p = std::calloc(bytes, 1);
    if (!p)
        throw std::bad_alloc();
    return p;
}

void releaseZeroedBytes(void* p, std::size_t bytes)
{
#if defined(__unix__)
    if (bytes >= kMappedFrom) {
        ::munmap(p, bytes);
        return;
    }
#endif
    std::free(p);
}

} // namespace engine::timing
