#pragma once

#include "engine/common/host_cache.h"
#include "engine/profiling/cache_counters.h"
#include "engine/timing/l2_cache.h"
#include "engine/timing/pending_fills.h"
#include "engine/timing/window_requests.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace engine::timing {

/// The partitioned L2 pass of a window (MemoryHierarchy::applyWindow, l2_pass.cpp), in three steps.
/// 1. Each thread owns a range of the L2's sets and takes that range's requests in the window's order — tags,
///    recency, dirty and partial sectors, fills in flight are a set's own — recording what each request asks of
///    DRAM. 2. One thread takes those demands in the window's order through DRAM, whose queue decides when each
///    fill arrives, and through the atomic units. 3. Each thread works out its requests' arrivals and its lines'
///    fills in flight. A fill sent this window arrives after the window's end (the window is shorter than any
///    latency past the L1), so until then a later request of the window only needs to know which requests' fills
///    it waits for. Everything a step writes is its thread's own (a share's arrays, in its requests' order; the DRAM
///    step's results in the window's order): records of neighbouring requests written by different threads would
///    share the host's cache lines, and a line another core holds is slow to write.
namespace l2pass {

    inline constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

    /// What one request asks of DRAM and the atomic units, in the order the one-thread pass asks it: its read's
    /// write-back (the fill of partial sectors, then the dirty bytes), its fetch, its write's write-back. Bytes;
    /// all zero for a request DRAM does not see.
    struct Demand {
        std::uint32_t cycle = 0; ///< from the window's start
        std::uint16_t readBackFill = 0;
        std::uint16_t readBack = 0;
        std::uint16_t fetch = 0;
        std::uint16_t writeBackFill = 0;
        std::uint16_t writeBack = 0;
        bool atomic = false; ///< the DRAM step serves it at its line's atomic unit first
        bool any() const { return (readBackFill | readBack | fetch | writeBackFill | writeBack) != 0 || atomic; }
    };

    /// One request of a share, in its order (indices below are the share's).
    struct Record {
        std::uint64_t cycle = 0;
        std::uint64_t waitKnown = 0; ///< waitsEarlier: when the fill sent before this window arrives
        std::uint32_t prevFetch = kNone; ///< the request of this window that fetched into the same line before this one
        std::uint32_t waitsOn = kNone; ///< waiting sectors: the last request of this window that fetched into the line
        WindowRequests::Kind kind = WindowRequests::Kind::L2Read;
        bool waitsEarlier = false; ///< waiting sectors of a fill sent before this window, arriving at waitKnown
        bool waits = false; ///< some sectors wait for a fill in flight
        bool fills = false; ///< fetches from DRAM
        bool serial = false; ///< needs DRAM, an atomic unit or another request's fill: its arrival waits for step 2
    };

    /// What the DRAM step found for one request.
    struct Served {
        std::uint64_t fillDone = 0; ///< when its fetch arrives
        std::uint64_t atomicDelay = 0; ///< its turn at the atomic unit
    };

    /// A line that fills were sent to this window: the fill in flight before them, and the last of them.
    struct PendingFill {
        bool earlier = false;
        std::uint32_t earlierArrives = 0; ///< CacheLine::fillArrives of the earlier fill
        std::uint32_t lastFetch = kNone;
    };

    /// One thread's range of sets; `records`, `demands` and `arrivals` run parallel to `requests`.
    struct alignas(kThreadPrivateAlign) Share {
        std::vector<std::uint32_t> requests; ///< indices into the window's order, in order
        std::vector<Record> records;
        std::vector<Demand> demands;
        std::vector<std::uint64_t> arrivals;
        L2Cache::Pass pass;
        PendingFills<PendingFill> pending;
        CacheCounters counters; ///< the L2's hits and misses
    };

    /// How the L2's sets go to the shares: share p owns the sets s with ⌊s × scale / 2^32⌋ = p, scale =
    /// ⌊2^32 × shares / sets⌋ — ranges whose lengths differ by at most two, found per request by a multiplication
    /// instead of a division (the DRAM step finds the share of every request of the window, on one thread).
    class SetShares {
    public:
        SetShares(std::uint64_t sets, std::size_t shares)
            : m_sets(sets)
            , m_shares(shares)
            , m_scale(std::max<std::uint64_t>(1, (std::uint64_t { shares } << 32) / std::max<std::uint64_t>(1, sets)))
        {
        }
        std::uint32_t shareOf(std::uint64_t set) const { return static_cast<std::uint32_t>((set * m_scale) >> 32); }
        /// The first set of share p: the least s with s × scale ≥ p × 2^32; the sets' count for p = shares.
        std::uint64_t firstSetOf(std::size_t p) const
        {
            return p >= m_shares ? m_sets : std::min(m_sets, ((std::uint64_t { p } << 32) + m_scale - 1) / m_scale);
        }

    private:
        std::uint64_t m_sets;
        std::size_t m_shares;
        std::uint64_t m_scale;
    };

    /// Where request k of the window's order is kept: its share and its index there.
    struct Slot {
        std::uint32_t share = 0;
        std::uint32_t index = 0;
    };

} // namespace l2pass

} // namespace engine::timing
