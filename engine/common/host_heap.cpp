#include "engine/common/host_heap.h"

#include <cstdlib> // defines __GLIBC__ where glibc is the C library

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace engine {

void configureHostHeap()
{
#if defined(__GLIBC__)
    // glibc mallopt(3): a fixed M_MMAP_THRESHOLD also turns off its dynamic adjustment.
    mallopt(M_MMAP_THRESHOLD, static_cast<int>(kHeapMappedFrom));
    mallopt(M_TRIM_THRESHOLD, static_cast<int>(kHeapKeptFree));
    mallopt(M_TOP_PAD, static_cast<int>(kHeapGrowth));
#endif
}

} // namespace engine
