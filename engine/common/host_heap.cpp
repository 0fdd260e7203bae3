#include "engine/common/host_heap.h"

#include "engine/common/huge_pages.h"

#include <cstdlib> // defines __GLIBC__ where glibc is the C library

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#include <unistd.h>
#endif

namespace engine {

#if defined(__GLIBC__) && defined(__linux__)
namespace {

    /// The mapping of the process that holds `address`, from /proc/self/maps: [start, end), or {0, 0}; with the
    /// mapping after it when that follows without a gap and is inaccessible: the part of a thread arena's heap that
    /// glibc reserved and makes accessible as the arena grows.
    std::pair<std::uintptr_t, std::uintptr_t> mappingOf(std::uintptr_t address)
    {
        std::ifstream maps("/proc/self/maps");
        std::pair<std::uintptr_t, std::uintptr_t> found { 0, 0 };
        for (std::string line; std::getline(maps, line);) {
            std::istringstream fields(line);
            std::uintptr_t start = 0;
            std::uintptr_t end = 0;
            char dash = 0;
            std::string permissions;
            if (!(fields >> std::hex >> start >> dash >> end >> permissions))
                continue;
            if (found.second == 0 && start <= address && address < end) {
                found = { start, end };
            } else if (found.second != 0) {
                if (start == found.second && permissions.starts_with("---"))
                    found.second = end;
                break;
            }
        }
        return found;
    }

} // namespace
#endif

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

void adviseThreadHeap()
{
#if defined(__GLIBC__) && defined(__linux__)
    struct Advised {
        std::mutex mutex;
        std::vector<std::pair<std::uintptr_t, std::uintptr_t>> mappings; // arenas' mappings marked so far
    };
    // Never destroyed: a pooled worker thread (pooled_workers.cpp) may first run while the process exits, after the
    // statics made later than its pool are gone.
    static Advised* const state = new Advised;
    std::mutex& mutex = state->mutex;
    std::vector<std::pair<std::uintptr_t, std::uintptr_t>>& advised = state->mappings;
    void* probe = std::malloc(1); // from the thread's arena, which it joins at its first allocation
    if (probe == nullptr)
        return;
    const auto at = reinterpret_cast<std::uintptr_t>(probe);
    {
        const std::lock_guard lock(mutex);
        const bool known = std::any_of(advised.begin(), advised.end(),
            [at](const auto& mapping) { return mapping.first <= at && at < mapping.second; });
        // The heap's reserved rest too: growing the arena makes it accessible, and it keeps the mark then, where a
        // part marked alone would leave the growth in small pages.
        const auto [start, end] = known ? std::pair<std::uintptr_t, std::uintptr_t> {} : mappingOf(at);
        if (end > at) {
            adviseHugePages(probe, end - at);
            advised.emplace_back(start, end);
        }
    }
    std::free(probe);
#endif
}

} // namespace engine
