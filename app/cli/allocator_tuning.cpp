#include "app/cli/allocator_tuning.h"

#include <cstdlib> // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace app::cli {

void keepFreedMemoryForReuse()
{
#if defined(__GLIBC__)
    // glibc malloc(3)/mallopt(3): one arena, so a point's freed buffers serve the next point on either worker;
    // large blocks from the heap rather than their own mappings; and no trimming of the freed top of the heap.
    constexpr int kLarge = 1 << 30;
    mallopt(M_ARENA_MAX, 1);
    mallopt(M_MMAP_THRESHOLD, kLarge);
    mallopt(M_TRIM_THRESHOLD, kLarge);
#endif
}

} // namespace app::cli
