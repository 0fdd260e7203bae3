// configureHostHeap: a block of a few megabytes, as a launch's traces or sampled requests take, comes from the heap
// and stays there once freed, for the next launch; a block larger than the heap can hold is mapped on its own; the
// heap grows by tens of megabytes at once, and its free room is marked for huge pages. Each test runs in a process
// of its own (gtest_discover_tests).
#include "engine/common/host_heap.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

// The heap these tests look at is glibc's; AddressSanitizer brings an allocator of its own, which neither takes
// glibc's settings nor reports through mallinfo2.
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
#define WARPSCOPE_GLIBC_HEAP 1
#endif

TEST(HostHeap, AFreedBlockOfAFewMegabytesStaysForTheNextOne)
{
#if defined(WARPSCOPE_GLIBC_HEAP)
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
    GTEST_SKIP() << "the heap is configured for glibc's allocator only";
#endif
}

TEST(HostHeap, TheHeapGrowsByWholeTensOfMegabytes)
{
#if defined(WARPSCOPE_GLIBC_HEAP)
    engine::configureHostHeap();
    // Blocks the heap's free room cannot hold make it grow: by what the block lacks and kHeapGrowth more, in one step
    // (a thread's heap likewise is made accessible whole, not allocation by allocation).
    const std::size_t bytes = static_cast<std::size_t>(engine::kHeapMappedFrom) / 2;
    std::vector<void*> blocks;
    std::size_t grewBy = 0;
    for (int i = 0; i < 16 && grewBy == 0; ++i) {
        const std::size_t before = mallinfo2().arena;
        blocks.push_back(std::malloc(bytes));
        ASSERT_NE(nullptr, blocks.back());
        std::memset(blocks.back(), 1, bytes);
        grewBy = mallinfo2().arena - before;
    }
    EXPECT_GE(grewBy, static_cast<std::size_t>(engine::kHeapGrowth));
    for (void* block : blocks)
        std::free(block);
#else
    GTEST_SKIP() << "the heap is configured for glibc's allocator only";
#endif
}

#if defined(WARPSCOPE_GLIBC_HEAP)
namespace {

/// The flags /proc/self/smaps gives the mapping that holds `address` ("rd wr mr mw me ac hg"), empty if none.
std::string mappingFlags(const void* address)
{
    std::ifstream smaps("/proc/self/smaps");
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    bool inside = false;
    for (std::string line; std::getline(smaps, line);) {
        std::uintptr_t start = 0;
        std::uintptr_t end = 0;
        char dash = 0;
        std::istringstream head(line);
        if (head >> std::hex >> start >> dash >> end && dash == '-')
            inside = start <= at && at < end;
        else if (inside && line.rfind("VmFlags:", 0) == 0)
            return line.substr(8);
    }
    return {};
}

bool hugePagesOnRequest()
{
    std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string text;
    std::getline(mode, text);
    return !text.empty() && text.find("[never]") == std::string::npos;
}

} // namespace
#endif

TEST(HostHeap, TheHeapsFreeRoomIsMarkedForHugePages)
{
#if defined(WARPSCOPE_GLIBC_HEAP)
    if (!hugePagesOnRequest())
        GTEST_SKIP() << "this kernel offers no transparent huge pages";
    engine::configureHostHeap();
    // A launch's SMs, caches and traces come from the heap's free room: a first launch faults them in 2 MB at a time.
    constexpr std::size_t kBytes = std::size_t { 8 } << 20;
    auto* block = static_cast<char*>(std::malloc(kBytes));
    ASSERT_NE(nullptr, block);
    EXPECT_NE(mappingFlags(block + kBytes / 2).find(" hg"), std::string::npos) << mappingFlags(block + kBytes / 2);
    std::free(block);
#else
    GTEST_SKIP() << "the heap is configured for glibc's allocator only";
#endif
}

TEST(HostHeap, AWorkerThreadsHeapIsMarkedForHugePages)
{
#if defined(WARPSCOPE_GLIBC_HEAP) && defined(__linux__)
    if (!hugePagesOnRequest())
        GTEST_SKIP() << "this kernel offers no transparent huge pages";
    engine::configureHostHeap();
    // A worker's allocations come from its own arena: the SMs it steps, the traces of the blocks it runs.
    std::string flags;
    std::thread worker([&flags] {
        engine::adviseThreadHeap();
        constexpr std::size_t kBytes = std::size_t { 8 } << 20;
        auto* block = static_cast<char*>(std::malloc(kBytes));
        if (block != nullptr)
            flags = mappingFlags(block + kBytes / 2);
        std::free(block);
    });
    worker.join();
    EXPECT_NE(flags.find(" hg"), std::string::npos) << flags;
#else
    GTEST_SKIP() << "threads' heaps are marked with glibc's allocator on Linux only";
#endif
}

TEST(HostHeap, AThreadThatFirstRunsWhileTheProcessExitsMarksItsHeap)
{
    // A pooled worker thread may first run while the process exits, after the statics made later than its pool were
    // destroyed: backprop on 3 threads aborted with "double free" about once in 75 runs. This object is made before
    // adviseThreadHeap's own state (when no earlier test made that), so it is destroyed after it, and its destructor
    // starts such a thread.
    struct ThreadAtExit {
        ~ThreadAtExit() { std::thread([] { engine::adviseThreadHeap(); }).join(); }
    };
    static ThreadAtExit atExit;
    std::thread([] { engine::adviseThreadHeap(); }).join();
    SUCCEED() << "the thread at exit runs after this test";
}
