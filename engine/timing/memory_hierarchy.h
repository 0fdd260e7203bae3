#pragma once

#include "engine/common/host_cache.h"
#include "engine/device/device_profile.h"
#include "engine/profiling/cache_counters.h"
#include "engine/timing/atomic_units.h"
#include "engine/timing/dram_model.h"
#include "engine/timing/host_phases.h"
#include "engine/timing/l1_cache.h"
#include "engine/timing/l2_cache.h"
#include "engine/timing/l2_pass.h"
#include "engine/timing/warp_trace.h"
#include "engine/timing/window_requests.h"
#include "engine/timing/window_workers.h"

#include <cstdint>
#include <span>
#include <vector>

namespace engine::timing {

using engine::CacheCounters;

/// DRAM bytes and cache sectors, counted since a launch began or over part of it (one block's accesses).
struct MemoryTraffic {
    std::uint64_t dramBytesRead = 0;
    std::uint64_t dramBytesWritten = 0;
    CacheCounters caches;

    /// Adds what was counted between `before` and `after` (two readings of MemoryHierarchy::traffic()).
    void addDifference(const MemoryTraffic& after, const MemoryTraffic& before);
    void add(const MemoryTraffic& other);
};

/// The memory below the SMs: one L1 per SM, the device-wide L2 and DRAM. A request takes the latency of the
/// level that serves its slowest sector (profile `timing`: L1 hit, L2 hit, DRAM), and DRAM reads queue for
/// bandwidth (DramModel). The L2 and its dirty lines persist from launch to launch on the same device, as on
/// hardware; each launch starts with empty L1s. Not thread-safe, except that while it defers below the L1s,
/// calls for different SMs may run on different threads during a window.
/// Adds an L2 read's sectors to the hits and misses.
void countL2Read(CacheCounters& counters, const L2Outcome& out);

class MemoryHierarchy {
public:
    explicit MemoryHierarchy(const DeviceProfile& profile);

    /// Prepares a launch: L1s of `l1DataBytes` each (what the shared-memory carve-out leaves), empty; an
    /// idle DRAM queue; counters from zero. The L2 keeps its contents.
    void beginLaunch(std::uint64_t l1DataBytes);

    /// A warp's global load issued at `now`; returns the cycle its last sector arrives (windowed: a ticket
    /// when that depends on the L2 or DRAM).
    std::uint64_t load(std::uint32_t sm, std::span<const MemTxn> txns, std::uint64_t now, bool viaL1);
    /// A warp's global store at `now` (write-through past the L1; nobody waits for it).
    void store(std::uint32_t sm, std::span<const MemTxn> txns, std::uint64_t now);
    /// An atomic, performed at the L2 after the requests queued at its lines' atomic units (AtomicUnits):
    /// returns when its result is back (windowed: a ticket).
    std::uint64_t atomic(std::uint32_t sm, std::span<const MemTxn> txns, std::uint64_t now, bool compareAndSwap);

    /// Windowed stepping (sm_window_stepper.h), for the rest of the launch: what the SMs send past their L1s
    /// waits in per-SM queues until the window ends, so SMs may step one window on different threads: during
    /// a window, load/store/atomic of SM `sm` touch only that SM's L1 and queue.
    /// `attributeTraffic`: count what each block's requests cost below the L1 (blockTraffic; sampling).
    void deferBelowL1(bool attributeTraffic);
    bool defersBelowL1() const { return m_deferring; }
    /// A window of cycles [start, end) begins; end - start is at most the shortest latency past the L1, so
    /// nothing a ticket stands for can arrive before `end`. `sms` (ascending): the SMs that may step in it; only
    /// their queues are emptied now and read when it ends, so a window costs what its SMs do, not the device's
    /// SM count (a launch of one block steps one SM per window).
    void beginWindow(std::uint64_t start, std::uint64_t end, std::span<const std::uint32_t> sms);
    /// The window ended: applies every SM's requests to the L2 and DRAM in (cycle, SM, issue) order, works out
    /// each ticket's cycle and when each L1 fill arrives. The result does not depend on how SMs were spread
    /// over threads.
    void settleWindow(WindowWorkers* workers = nullptr);
    /// settleWindow in two halves: the requests reach the L2 and DRAM in order; then each SM's tickets and L1 fills
    /// (settleSmWindow, SMs on any threads, each once; nothing for an SM without requests). With `workers`, a window
    /// of many requests reaches the L2 on all of them, each thread owning a range of its sets (l2_pass.cpp); the
    /// results are those of the pass on one thread; `phases`, when given, gets the shared pass's parts timed.
    void applyWindow(WindowWorkers* workers = nullptr, HostPhases* phases = nullptr);
    void settleSmWindow(std::uint32_t sm);
    /// The cycle a ticket of SM `sm` stands for (after settleWindow).
    std::uint64_t settled(std::uint32_t sm, std::uint64_t ticket) const;
    /// Windowed: the requests SM `sm` adds next come from a warp of its block slot `blockSlot`.
    void attributeTo(std::uint32_t sm, std::uint32_t blockSlot) { m_windows[sm].owner = blockSlot; }
    /// Windowed: SM `sm`'s L1 hits and misses so far (its own thread may read them during a window).
    CacheCounters l1Counters(std::uint32_t sm) const
    {
        return m_windows[sm].launch == m_launch ? m_windows[sm].l1 : CacheCounters {};
    }
    /// Windowed with attributeTraffic: what block slot `blockSlot` of SM `sm` cost below the L1 in the window
    /// that settled last.
    MemoryTraffic blockTraffic(std::uint32_t sm, std::uint32_t blockSlot) const
    {
        const auto& perBlock = m_blockTraffic[sm];
        return m_windows[sm].launch == m_launch && blockSlot < perBlock.size() ? perBlock[blockSlot] : MemoryTraffic {};
    }

    /// A hint from the SM: these transactions will be issued soon (a warp's next instruction), looking up the L1
    /// when `viaL1` (a load it caches, a store it writes through). Brings the caches' tags for them into the host's
    /// caches; changes nothing the model sees.
    void prefetch(std::uint32_t sm, std::span<const MemTxn> txns, bool viaL1) const;
    /// A copy engine wrote `bytes` at `address` between launches (a memcpy to the device, or a memset): the L2
    /// keeps what fits of them — the last L2-size bytes — as clean lines (the bytes reach DRAM too), evicting what
    /// it must. The next launch finds them there: on an H100, PolyBench gemm after its inputs were copied in
    /// takes 31 872 SM cycles, 46 658 when ncu flushes the caches first (docs/calibration.md, "Public kernels").
    /// On up to `threads` threads (device_write.cpp), each taking a range of the L2's sets: the same L2 and DRAM for
    /// any count.
    void deviceWrite(std::uint64_t address, std::uint64_t bytes, unsigned threads = 1);

    /// How full the L2 is: the fraction of its lines holding data. Sampling (steady_state_detector.h) waits
    /// until it stops growing: until then the L2 is warming up and writes nothing back.
    double l2Fill() const { return m_l2.fill(); }

    CacheCounters counters() const;
    MemoryTraffic traffic() const { return MemoryTraffic { dramBytesRead(), dramBytesWritten(), counters() }; }
    std::uint64_t dramBytesRead() const { return m_dram.bytesRead() - m_dramReadAtLaunch; }
    std::uint64_t dramBytesWritten() const { return m_dram.bytesWritten() - m_dramWrittenAtLaunch; }

private:
    /// `sm`'s L1, built empty at its first load of the launch (disabled when the carve-out leaves no L1).
    L1Cache& loadingL1(std::uint32_t sm);
    std::uint32_t l1LineBytes() const;
    std::uint64_t readL2(const MemTxn& txn, std::uint8_t sectors, std::uint64_t now);
    /// What an L2 read's outcome `out` costs below the L2 at `now` — its write-backs, then its fill, whose arrival
    /// goes to `fillDone` — and when its sectors are there, given that the fills it waits for arrive at `waitedFill`.
    std::uint64_t finishRead(
        const L2Outcome& out, std::uint64_t now, std::uint64_t waitedFill, std::uint64_t& fillDone);
    void writeBack(const L2Outcome& outcome, std::uint64_t now);
    void storeL2(const MemTxn& txn, std::uint64_t now);
    std::uint64_t atomicTxn(const MemTxn& txn, std::uint64_t now, bool compareAndSwap);
    // The windowed half (deferred_memory.cpp).
    /// Adds a request to the window's queue, with its order key (its cycle in the window, its L2 set); its index.
    std::uint32_t queue(WindowRequests& window, std::uint64_t now, const MemTxn& t, std::uint8_t sectors,
        WindowRequests::Kind kind) const;
    std::uint64_t loadDeferred(std::uint32_t sm, std::span<const MemTxn> txns, std::uint64_t now, bool viaL1);
    void storeDeferred(std::uint32_t sm, std::span<const MemTxn> txns, std::uint64_t now);
    std::uint64_t atomicDeferred(std::uint32_t sm, std::span<const MemTxn> txns, std::uint64_t now, bool compareAndSwap);
    std::uint64_t ticketFor(WindowRequests& window, const WindowRequests::Completion& completion);
    std::uint64_t apply(const WindowRequests::Request& request);
    /// The window's requests in (cycle, SM, issue) order (m_applyOrder, m_applySets), and whether they take the
    /// partitioned pass (m_partitioned; then each SM's WindowRequests::order too).
    void orderWindow(WindowWorkers* workers, HostPhases& phases);
    // The partitioned L2 pass (l2_pass.cpp).
    void applyPartitioned(WindowWorkers& workers, HostPhases& phases);
    /// The partitioned pass's share of the L2's sets [firstSet, endSet) (l2_pass.cpp).
    void passShare(l2pass::Share& share, std::uint64_t firstSet, std::uint64_t endSet);
    /// The shares' demands on DRAM and the atomic units, in the window's order, on this thread.
    void passDram();
    /// A share's arrivals and fills, once the DRAM step is done.
    void passArrivals(l2pass::Share& share);
    /// The arrival the partitioned pass found for request k of the window's order.
    std::uint64_t passedArrival(std::uint32_t k) const;

    const DeviceProfile& m_profile;
    std::vector<L1Cache> m_l1;
    std::uint64_t m_l1Bytes = 0; ///< this launch's L1 capacity (beginLaunch); 0: no L1
    L2Cache m_l2;
    DramModel m_dram;
    AtomicUnits m_atomicUnits;
    CacheCounters m_counters;
    std::uint64_t m_dramReadAtLaunch = 0;
    std::uint64_t m_dramWrittenAtLaunch = 0;
    /// Per SM, while deferring below the L1s. Kept from launch to launch with their room: an SM's queue is started
    /// anew (WindowRequests::reset) the first time the SM steps in a launch (launch == m_launch), so a launch of a
    /// few blocks touches the queues of the few SMs it uses.
    std::vector<WindowRequests> m_windows;
    bool m_deferring = false; ///< deferBelowL1 was called this launch
    std::uint64_t m_launch = 0; ///< deferBelowL1's count: the launch a queue must be stamped with to be read
    std::vector<std::uint32_t> m_windowSms; ///< beginWindow's SMs
    std::vector<std::uint32_t> m_busyWindows; ///< applyWindow: the SMs that queued requests
    std::vector<std::uint64_t> m_cycleStarts; ///< applyWindow: where each cycle's requests start in m_applyOrder
    std::vector<WindowRequests::Ref> m_applyOrder; ///< applyWindow: the window's requests in (cycle, SM, issue) order
    std::vector<std::uint32_t> m_applySets; ///< per request of m_applyOrder, its L2 set (OrderKey::l2Set)
    std::vector<l2pass::Share> m_passShares; ///< the partitioned pass: per thread
    std::vector<l2pass::Slot> m_applySlots; ///< the partitioned pass: per request of m_applyOrder, where it is kept
    std::vector<std::uint32_t> m_passCursors; ///< the partitioned pass's DRAM step: per share, its next request
    std::vector<l2pass::Served> m_passServed; ///< the partitioned pass's DRAM step: per request of m_applyOrder
    std::vector<ThreadPrivate<double>> m_passSeconds; ///< the partitioned pass: per share, what it took (HostPhases)
    bool m_partitioned = false; ///< this window's requests took the partitioned pass
    std::uint64_t m_windowStart = 0;
    std::uint64_t m_windowEnd = 0;
    std::uint64_t m_unsettledFillMark = 0; ///< the arrival an L1 fill sent this window reads as until it settles
    bool m_attributeTraffic = false;
    std::vector<std::vector<MemoryTraffic>> m_blockTraffic; ///< per SM, per block slot (attributeTraffic)
};

/// The L1 capacity left for data when each SM's resident blocks use `sharedBytesPerSm` of shared memory:
/// from CC 7.0 on, L1 and shared memory are one array (l1Bytes > the largest shared carve-out), so data gets
/// the rest; earlier generations list the L1 part alone (16 KB beside 48 KB shared on CC 2.x/3.x).
std::uint64_t l1DataBytes(const DeviceProfile& profile, std::uint64_t sharedBytesPerSm);

} // namespace engine::timing
