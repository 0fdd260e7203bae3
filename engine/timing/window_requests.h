#pragma once

#include "engine/common/host_cache.h"
#include "engine/profiling/cache_counters.h"
#include "engine/timing/line_index.h"
#include "engine/timing/warp_trace.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace engine::timing {

/// Windowed stepping (sm_window_stepper.h): a result below the L1 that is not known until the window ends is
/// a ticket, a number at or above kTicketBase that stands for it in the SM's scoreboard and warps meanwhile.
/// It is larger than every real cycle, so whatever waits for it stays waiting until the window settles.
inline constexpr std::uint64_t kTicketBase = std::uint64_t { 1 } << 62;
inline bool isTicket(std::uint64_t cycle)
{
    return cycle >= kTicketBase && cycle != std::numeric_limits<std::uint64_t>::max();
}

/// What one SM sent past its L1 during a window, in the order it issued it, and what waits for it. The SM's
/// thread fills it; MemoryHierarchy::settleWindow applies every SM's requests to the L2 and DRAM in
/// (cycle, SM, order) order and works out each ticket's cycle.
struct alignas(kThreadPrivateAlign) WindowRequests {
    enum class Kind : std::uint8_t { DramRead, L2Read, Store, Atomic, AtomicCas };
    /// Request `index` of SM `sm`'s queue (MemoryHierarchy::applyWindow's order).
    struct Ref {
        std::uint32_t sm = 0;
        std::uint32_t index = 0;
    };
    struct Request {
        std::uint64_t cycle = 0;
        const MemTxn* txn = nullptr; ///< in the block's trace, which stays put until the window has settled
        std::uint8_t sectors = 0; ///< L2Read: the 32-byte sectors to fetch
        Kind kind = Kind::L2Read;
        std::uint32_t nextOfLine = kNone; ///< the line's previous fill request this window (L1 fills)
        std::uint32_t owner = 0; ///< the SM's block slot whose warp sent it (sampling charges the block)
    };
    /// What putting the window's requests in order reads of one (MemoryHierarchy::orderWindow): 8 bytes where a
    /// request is 32, written on the SM's thread, read by the thread that orders the window.
    struct OrderKey {
        std::uint32_t offset = kNone; ///< its cycle less the window's start; kNone outside the window
        /// The L2 set of txn's line (0 without an L2), found on the SM's thread while the transaction is in its
        /// caches: the shared L2 pass deals requests out by set (l2_pass.cpp).
        std::uint32_t l2Set = 0;
    };
    /// A load's or atomic's result: the latest of `known` and the arrivals of its requests (deps).
    struct Completion {
        std::uint64_t known = 0;
        std::uint32_t firstDep = 0;
        std::uint32_t depCount = 0;
    };
    /// An L1 line with fills sent this window: its earlier fill in flight (0: none) and its newest request.
    struct PendingLine {
        std::uint64_t address = 0;
        std::uint64_t earlier = 0;
        std::uint32_t lastRequest = kNone;
    };
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

    std::vector<Request> requests;
    std::vector<OrderKey> keys; ///< per request
    std::vector<std::uint64_t> arrivals; ///< per request, when settled
    /// Per request, its place in the window's order when the window took the partitioned L2 pass (l2_pass.h);
    /// kNone outside the window's cycles.
    std::vector<std::uint32_t> order;
    std::vector<Completion> completions;
    std::vector<std::uint32_t> deps;
    std::vector<std::uint64_t> settled; ///< per completion, when settled
    std::vector<PendingLine> lines;
    LineIndex lineIndex; ///< lines by address, once they are too many to search (findLine)
    CacheCounters l1; ///< this SM's L1 hits and misses, all windows together
    std::uint32_t owner = 0; ///< the block slot of the requests being added
    std::uint64_t launch = 0; ///< MemoryHierarchy's launch this queue was started in (reset)

    /// Starts a window: forgets the last one's requests and tickets (the L1 counts stay).
    void clear()
    {
        requests.clear();
        keys.clear();
        arrivals.clear();
        completions.clear();
        deps.clear();
        settled.clear();
        lineIndex.clear(lines, [](const PendingLine& line) { return line.address; });
        lines.clear();
    }
    /// Starts a launch: what a new WindowRequests holds (its launch stamp aside), with the arrays' room kept from the
    /// last launch.
    void reset()
    {
        clear();
        order.clear();
        l1 = CacheCounters {};
        owner = 0;
    }
    std::uint32_t add(Request request, OrderKey key)
    {
        request.owner = owner;
        requests.push_back(request);
        keys.push_back(key);
        return static_cast<std::uint32_t>(requests.size() - 1);
    }
    /// The pending fills of the L1 line at `address` this window, or null. A window's lines have distinct addresses
    /// (a line is added only when this finds none).
    PendingLine* findLine(std::uint64_t address)
    {
        constexpr std::size_t kSearched = 16; // up to this many, a search of the list is as quick
        if (lines.size() <= kSearched) {
            for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
                if (it->address == address)
                    return &*it;
            }
            return nullptr;
        }
        const auto addressOf = [](const PendingLine& line) { return line.address; };
        lineIndex.catchUp(lines, addressOf);
        const std::uint32_t at = lineIndex.find(address, lines, addressOf, kNone);
        return at == kNone ? nullptr : &lines[at];
    }
};

} // namespace engine::timing
