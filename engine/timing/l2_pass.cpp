// MemoryHierarchy's partitioned L2 pass (l2_pass.h): what applyWindow does on one thread, with the L2's sets shared
// among several. The results are those of the one-thread pass, request for request.
#include "engine/timing/memory_hierarchy.h"

#include "engine/timing/sector_mask.h"

#include <algorithm>
#include <chrono>

namespace engine::timing {

namespace {

    /// An L2 outcome's write-back in bytes, kept as the DRAM step will ask for it.
    void demandWriteBack(const L2Outcome& out, std::uint16_t& fill, std::uint16_t& back)
    {
        fill = static_cast<std::uint16_t>(out.writebackFillBytes);
        back = static_cast<std::uint16_t>(out.writebackBytes);
    }

} // namespace

void MemoryHierarchy::passShare(l2pass::Share& share, std::uint64_t firstSet, std::uint64_t endSet)
{
    // Its requests, in the window's order, taken by this share's thread: one pass over the window's sets, every
    // thread over all of them, so without a branch (each index written, kept when its set is in the range).
    const std::size_t count = m_applySets.size();
    share.requests.resize(count);
    std::uint32_t* const into = share.requests.data();
    const std::uint32_t* const sets = m_applySets.data();
    const auto width = static_cast<std::uint32_t>(endSet - firstSet);
    const auto lowest = static_cast<std::uint32_t>(firstSet);
    std::size_t kept = 0;
    for (std::uint32_t k = 0; k < count; ++k) {
        into[kept] = k;
        kept += static_cast<std::size_t>(sets[k] - lowest < width);
    }
    share.requests.resize(kept);
    const std::vector<std::uint32_t>& mine = share.requests;
    share.records.resize(mine.size());
    share.demands.resize(mine.size());
    share.arrivals.resize(mine.size());
    share.pass = m_l2.beginPass();
    share.pending.clear();
    share.counters = CacheCounters {};
    // Lines filled this window read as still filling until the DRAM step gives them their arrival.
    const auto unsettled = static_cast<std::uint32_t>(m_unsettledFillMark);
    // As the one-thread pass (deferred_memory.cpp), a step earlier: the window order's entries (written by the
    // thread that put the window in order) 32 requests ahead, the request's record 24 ahead, the transaction 16
    // ahead, the L2 set 8 ahead, the line record 4 ahead.
    constexpr std::size_t kOrderAhead = 32;
    constexpr std::size_t kRequestAhead = 24;
    constexpr std::size_t kTxnAhead = 16;
    constexpr std::size_t kSetAhead = 8;
    constexpr std::size_t kLineAhead = 4;
    for (std::uint32_t i = 0; i < mine.size(); ++i) {
        if (i + kOrderAhead < mine.size()) {
            __builtin_prefetch(&m_applyOrder[mine[i + kOrderAhead]]);
            __builtin_prefetch(&m_applySets[mine[i + kOrderAhead]]);
        }
        if (i + kRequestAhead < mine.size()) {
            const WindowRequests::Ref later = m_applyOrder[mine[i + kRequestAhead]];
            __builtin_prefetch(&m_windows[later.sm].requests[later.index]);
        }
        if (i + kTxnAhead < mine.size()) {
            const WindowRequests::Ref later = m_applyOrder[mine[i + kTxnAhead]];
            __builtin_prefetch(m_windows[later.sm].requests[later.index].txn);
        }
        if (i + kSetAhead < mine.size())
            m_l2.prefetchSet(m_applySets[mine[i + kSetAhead]]);
        if (i + kLineAhead < mine.size()) {
            const WindowRequests::Ref later = m_applyOrder[mine[i + kLineAhead]];
            m_l2.prefetchLine(m_windows[later.sm].requests[later.index].txn->address);
        }
        const WindowRequests::Ref ref = m_applyOrder[mine[i]];
        const WindowRequests::Request& request = m_windows[ref.sm].requests[ref.index];
        const MemTxn& t = *request.txn;
        l2pass::Record& record = share.records[i];
        l2pass::Demand& demand = share.demands[i];
        record = l2pass::Record { request.cycle };
        record.kind = request.kind;
        demand = l2pass::Demand { static_cast<std::uint32_t>(request.cycle - m_windowStart) };
        const bool reads = request.kind != WindowRequests::Kind::Store;
        if (reads) {
            const std::uint8_t sectors = request.kind == WindowRequests::Kind::L2Read ? request.sectors : t.sectors;
            const L2Outcome read = m_l2.read(t.address, sectors, request.cycle, share.pass);
            CacheLine& line = *share.pass.line;
            if (share.pass.allocated)
                share.pending.drop(&line);
            countL2Read(share.counters, read);
            demandWriteBack(read, demand.readBackFill, demand.readBack);
            record.fills = read.fillSectors != 0;
            if (record.fills)
                demand.fetch = static_cast<std::uint16_t>(sectorBytes(read.fetchSectors));
            record.waits = read.waitingSectors != 0;
            if (record.waits) {
                if (const l2pass::PendingFill* pending = share.pending.find(&line); pending == nullptr) {
                    record.waitsEarlier = true;
                    record.waitKnown = read.fillArrives;
                } else {
                    record.waitsOn = pending->lastFetch;
                    record.waitsEarlier = pending->earlier;
                    record.waitKnown = request.cycle
                        + static_cast<std::uint64_t>(static_cast<std::int32_t>(
                            pending->earlierArrives - static_cast<std::uint32_t>(request.cycle)));
                }
            }
            if (read.fetchSectors != 0) {
                // markFilling keeps an earlier fill's arrival only while it is in flight.
                l2pass::PendingFill& fill = *share.pending
                                                 .emplace(&line,
                                                     l2pass::PendingFill {
                                                         line.filling != 0, line.fillArrives, l2pass::kNone })
                                                 .first;
                record.prevFetch = fill.lastFetch;
                fill.lastFetch = i;
                line.filling = static_cast<std::uint8_t>(line.filling | read.fetchSectors);
                line.fillArrives = unsettled;
                line.fillLaunch = m_l2.launch();
            }
        }
        if (request.kind != WindowRequests::Kind::L2Read) {
            constexpr std::array<std::uint32_t, 4> kWhole { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu };
            const L2Outcome write = m_l2.write(t.address, t.sectors, reads ? kWhole : t.byteMasks, share.pass);
            if (share.pass.allocated)
                share.pending.drop(share.pass.line);
            demandWriteBack(write, demand.writeBackFill, demand.writeBack);
        }
        demand.atomic = reads && request.kind != WindowRequests::Kind::L2Read;
        // A request that needs nothing of DRAM, of an atomic unit or of another request's fill has its arrival now:
        // a store's cycle, a load's L2 hit latency. The DRAM step serves the others.
        record.serial = demand.any() || record.waits;
        if (!record.serial) {
            const bool store = request.kind == WindowRequests::Kind::Store;
            share.arrivals[i]
                = request.cycle + (store ? 0 : static_cast<std::uint64_t>(m_profile.timing.l2HitLatencyCycles));
        }
    }
}

void MemoryHierarchy::passDram()
{
    const l2pass::SetShares shares(m_l2.sets(), m_passShares.size());
    m_passCursors.assign(m_passShares.size(), 0);
    m_applySlots.resize(m_applyOrder.size());
    m_passServed.resize(m_applyOrder.size());
    for (std::uint32_t k = 0; k < m_applyOrder.size(); ++k) {
        const std::uint32_t p = shares.shareOf(m_applySets[k]);
        const std::uint32_t i = m_passCursors[p]++;
        m_applySlots[k] = l2pass::Slot { p, i };
        l2pass::Served& served = m_passServed[k];
        served = l2pass::Served {};
        const l2pass::Demand& demand = m_passShares[p].demands[i];
        if (!demand.any())
            continue;
        // readL2's and writeBack's calls on DRAM (memory_hierarchy.cpp), in their order.
        const std::uint64_t now = m_windowStart + demand.cycle;
        if (demand.atomic) {
            const WindowRequests::Ref ref = m_applyOrder[k];
            const WindowRequests::Request& request = m_windows[ref.sm].requests[ref.index];
            const bool cas = request.kind == WindowRequests::Kind::AtomicCas;
            served.atomicDelay = m_atomicUnits.serve(request.txn->address, request.txn->atomicLanes, cas, now) - now;
        }
        if (demand.readBackFill)
            (void)m_dram.read(now, demand.readBackFill);
        if (demand.readBack)
            m_dram.write(now, demand.readBack);
        if (demand.fetch)
            served.fillDone = m_dram.read(now, demand.fetch);
        if (demand.writeBackFill)
            (void)m_dram.read(now, demand.writeBackFill);
        if (demand.writeBack)
            m_dram.write(now, demand.writeBack);
    }
}

void MemoryHierarchy::passArrivals(l2pass::Share& share)
{
    const auto hit = static_cast<std::uint64_t>(m_profile.timing.l2HitLatencyCycles);
    const auto served = [this, &share](std::size_t i) -> const l2pass::Served& {
        return m_passServed[share.requests[i]];
    };
    for (std::size_t i = 0; i < share.records.size(); ++i) {
        const l2pass::Record& record = share.records[i];
        if (!record.serial)
            continue;
        if (record.kind == WindowRequests::Kind::Store) {
            share.arrivals[i] = record.cycle;
            continue;
        }
        // finishRead, with the fills this request waits for known from the DRAM step.
        std::uint64_t done = record.fills ? served(i).fillDone : record.cycle + hit;
        if (record.waits) {
            std::uint64_t waited = record.waitsEarlier ? record.waitKnown : 0;
            for (std::uint32_t f = record.waitsOn; f != l2pass::kNone; f = share.records[f].prevFetch)
                waited = std::max(waited, served(f).fillDone);
            done = std::max(done, waited);
        }
        share.arrivals[i] = done + served(i).atomicDelay;
    }
    // The fills sent this window arrive: the latest of each line's (CacheLine::fillArrives keeps the latest).
    share.pending.forEach([&share, &served](CacheLine& line, const l2pass::PendingFill& fill) {
        std::uint32_t latest = fill.earlierArrives;
        bool any = fill.earlier;
        for (std::uint32_t f = fill.lastFetch; f != l2pass::kNone; f = share.records[f].prevFetch) {
            const auto arrives = static_cast<std::uint32_t>(served(f).fillDone);
            if (!any || static_cast<std::int32_t>(arrives - latest) > 0)
                latest = arrives;
            any = true;
        }
        line.fillArrives = latest;
    });
}

void MemoryHierarchy::applyPartitioned(WindowWorkers& workers, HostPhases& phases)
{
    const std::size_t shares = workers.threads();
    m_passShares.resize(shares);
    const l2pass::SetShares sets(m_l2.sets(), shares);
    {
        const PhaseTimer timer(phases, phases.l2Shares);
        m_passSeconds.assign(shares, ThreadPrivate<double> {});
        workers.run(shares, [&](std::size_t p) {
            using Clock = std::chrono::steady_clock;
            const auto began = phases.timed ? Clock::now() : Clock::time_point {};
            passShare(m_passShares[p], sets.firstSetOf(p), sets.firstSetOf(p + 1));
            if (phases.timed)
                m_passSeconds[p].value = secondsSince(began);
        });
        for (const ThreadPrivate<double>& seconds : m_passSeconds)
            phases.l2SharesBusy += seconds.value;
    }
    {
        const PhaseTimer timer(phases, phases.l2Dram);
        passDram();
    }
    const PhaseTimer timer(phases, phases.l2Arrivals);
    workers.run(shares, [&](std::size_t p) { passArrivals(m_passShares[p]); });
    for (const l2pass::Share& share : m_passShares) {
        m_l2.endPass(share.pass);
        m_counters.l2HitSectors += share.counters.l2HitSectors;
        m_counters.l2MissSectors += share.counters.l2MissSectors;
    }
}

std::uint64_t MemoryHierarchy::passedArrival(std::uint32_t k) const
{
    const l2pass::Slot slot = m_applySlots[k];
    return m_passShares[slot.share].arrivals[slot.index];
}

} // namespace engine::timing
