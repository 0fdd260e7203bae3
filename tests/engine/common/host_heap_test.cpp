// configureHostHeap: a block of a few megabytes, as a launch's traces or sampled requests take, comes from the heap
// and stays there once freed, for the next launch; a block larger than the heap can hold is mapped on its own; the
// heap grows by tens of megabytes at once. Each test runs in a process of its own (gtest_discover_tests).
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

    const std::size_t largeBytes = mallinfo2().fordblks + static_cast<std::size_t>(engine::kHeapMappedFrom);
    void* large = std::malloc(largeBytes);
    ASSERT_NE(nullptr, large);
    EXPECT_GE(mallinfo2().hblkhd, mappedBefore + largeBytes);
    std::free(large);
#else
    GTEST_SKIP() << "the heap is configured for glibc only";
#endif
}

TEST(HostHeap, TheHeapGrowsByWholeTensOfMegabytes)
{
#if defined(__GLIBC__)
    engine::configureHostHeap();
    // A block larger than what the heap has free makes it grow: by the block and kHeapGrowth more, in one step
    // (a thread's heap likewise is made accessible whole, not allocation by allocation).
    const struct mallinfo2 before = mallinfo2();
    const std::size_t bytes = before.fordblks + (std::size_t { 1 } << 20);
    if (bytes >= static_cast<std::size_t>(engine::kHeapMappedFrom))
        GTEST_SKIP() << "the heap already has " << before.fordblks << " bytes free";
    void* block = std::malloc(bytes);
    ASSERT_NE(nullptr, block);
    std::memset(block, 1, bytes);
    const struct mallinfo2 after = mallinfo2();
    EXPECT_GE(after.arena, before.arena + bytes + static_cast<std::size_t>(engine::kHeapGrowth) / 2);
    std::free(block);
#else
    GTEST_SKIP() << "the heap is configured for glibc only";
#endif
}
