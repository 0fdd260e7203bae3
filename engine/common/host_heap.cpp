#include "engine/common/host_heap.h"

#include "engine/common/huge_pages.h"

#include <cstdlib> // defines __GLIBC__ where glibc is the C library

#if defined(__GLIBC__)
#include <malloc.h>
#include <unistd.h>
#endif

namespace engine {

void configureHostHeap()
{
#if defined(__GLIBC__)
    // glibc mallopt(3): a fixed M_MMAP_THRESHOLD also turns off its dynamic adjustment.
    mallopt(M_MMAP_THRESHOLD, static_cast<int>(kHeapMappedFrom));
    mallopt(M_TRIM_THRESHOLD, static_cast<int>(kHeapKeptFree));
    mallopt(M_TOP_PAD, static_cast<int>(kHeapGrowth));
    // The heap grows now, and what it grew by (untouched yet) is marked for huge pages; the block goes back to the
    // heap's top, which keeps it (kHeapKeptFree).
    void* block = std::malloc(static_cast<std::size_t>(kHeapMappedFrom / 2));
    if (block != nullptr) {
        const auto* end = static_cast<const char*>(::sbrk(0));
        const auto* start = static_cast<const char*>(block);
        if (end > start)
            adviseHugePages(block, static_cast<std::size_t>(end - start));
        std::free(block);
    }
#endif
}

} // namespace engine
