#pragma once

#include "engine/profiling/cache_counters.h"
#include "engine/timing/l2_cache.h"

#include <cstdint>
#include <limits>
#include <unordered_map>
#include <vector>

namespace engine::timing {

/// The partitioned L2 pass of a window (MemoryHierarchy::applyWindow, l2_pass.cpp): each thread owns a range of
/// the L2's sets and takes that range's requests in the window's order — tags, recency, dirty and partial
/// sectors, fills in flight are a set's own — recording what each request needs of DRAM; then one thread takes
/// every request in order through DRAM, whose queue decides when each fill arrives; then each fill in flight
/// gets its arrival. A fill sent this window arrives after the window's end (the window is shorter than any
/// latency past the L1), so until then a later request of the window only needs to know which requests' fills
/// it waits for.
namespace l2pass {

    inline constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

    /// One request of the window.
    struct Record {
        L2Outcome read; ///< loads and atomics
        L2Outcome write; ///< stores and atomics
        std::uint32_t prevFetch = kNone; ///< the request of this window that fetched into the same line before this one
        std::uint32_t waitsOn = kNone; ///< waiting sectors: the last request of this window that fetched into the line
        bool waitsEarlier = false; ///< waiting sectors of a fill sent before this window, arriving at waitKnown
        std::uint64_t waitKnown = 0;
        std::uint64_t fillDone = 0; ///< when this request's fetch arrives (the DRAM pass)
        bool serial = false; ///< needs DRAM, an atomic unit or another request's fill: the DRAM pass takes it
    };

    /// A line that fills were sent to this window: the fill in flight before them, and the last of them.
    struct PendingFill {
        bool earlier = false;
        std::uint32_t earlierArrives = 0; ///< CacheLine::fillArrives of the earlier fill
        std::uint32_t lastFetch = kNone;
    };

    /// One thread's range of sets.
    struct Share {
        std::vector<std::uint32_t> requests; ///< indices into the window's order, in order
        L2Cache::Pass pass;
        std::unordered_map<CacheLine*, PendingFill> pending;
        CacheCounters counters; ///< the L2's hits and misses
    };

} // namespace l2pass

} // namespace engine::timing
