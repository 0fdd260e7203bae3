// configureHostHeap: a block of a few megabytes, as a launch's traces or sampled requests take, comes from the heap
// and stays there once freed, for the next launch; a block of kHeapMappedFrom bytes or more is mapped on its own.
#include "engine/common/host_heap.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

TEST(HostHeap, AFreedBlockOfAFewMegabytesStaysForTheNextOne)
{
#if defined(__GLIBC__)
    engine::configureHostHeap();
    constexpr std::size_t kBytes = std::size_t { 4 } << 20; // glibc's own threshold: 128 KB, then the largest freed
    const std::size_t mappedBefore = mallinfo2().hblkhd;
    void* block = std::malloc(kBytes);
    ASSERT_NE(nullptr, block);
    std::memset(block, 1, kBytes);
    EXPECT_LT(mallinfo2().hblkhd, mappedBefore + kBytes) << "a 4 MB block was mapped on its own";
    std::free(block);
    EXPECT_GE(mallinfo2().fordblks, kBytes) << "the freed block went back to the operating system";

    void* large = std::malloc(static_cast<std::size_t>(engine::kHeapMappedFrom));
    ASSERT_NE(nullptr, large);
    EXPECT_GE(mallinfo2().hblkhd, mappedBefore + static_cast<std::size_t>(engine::kHeapMappedFrom));
    std::free(large);
#else
    GTEST_SKIP() << "the heap is configured for glibc only";
#endif
}
