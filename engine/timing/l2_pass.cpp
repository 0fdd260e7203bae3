// MemoryHierarchy's partitioned L2 pass (l2_pass.h): what applyWindow does on one thread, with the L2's sets shared
// among several. The results are those of the one-thread pass, request for request.
#include "engine/timing/memory_hierarchy.h"

#include <algorithm>

namespace engine::timing {

void MemoryHierarchy::passShare(l2pass::Share& share, std::uint64_t firstSet, std::uint64_t endSet)
{
    // Its requests, in the window's order, taken by this share's thread: one pass over the window's sets.
    share.requests.clear();
    for (std::uint32_t k = 0; k < m_applySets.size(); ++k) {
        if (m_applySets[k] >= firstSet && m_applySets[k] < endSet)
            share.requests.push_back(k);
    }
    share.pass = m_l2.beginPass();
    share.pending.clear();
    share.counters = CacheCounters {};
    // Lines filled this window read as still filling until the DRAM pass gives them their arrival.
    const auto unsettled = static_cast<std::uint32_t>(m_unsettledFillMark);
    // As the one-thread pass (deferred_memory.cpp): the transaction 16 requests ahead, the L2 set 8 ahead.
    constexpr std::size_t kTxnAhead = 16;
    constexpr std::size_t kSetAhead = 8;
    const std::vector<std::uint32_t>& mine = share.requests;
    for (std::size_t i = 0; i < mine.size(); ++i) {
        if (i + kTxnAhead < mine.size()) {
            const WindowRequests::Ref later = m_applyOrder[mine[i + kTxnAhead]];
            __builtin_prefetch(m_windows[later.sm].requests[later.index].txn);
        }
        if (i + kSetAhead < mine.size())
            m_l2.prefetchSet(m_applySets[mine[i + kSetAhead]]);
        const std::uint32_t k = mine[i];
        const WindowRequests::Ref ref = m_applyOrder[k];
        const WindowRequests::Request& request = m_windows[ref.sm].requests[ref.index];
        const MemTxn& t = *request.txn;
        l2pass::Record& record = m_passRecords[k];
        record = l2pass::Record {};
        const bool reads = request.kind != WindowRequests::Kind::Store;
        if (reads) {
            const std::uint8_t sectors = request.kind == WindowRequests::Kind::L2Read ? request.sectors : t.sectors;
            record.read = m_l2.read(t.address, sectors, request.cycle, share.pass);
            CacheLine& line = *share.pass.line;
            if (share.pass.allocated)
                share.pending.erase(&line); // a new tag: the fills of the old one are none of its business
            countL2Read(share.counters, record.read);
            const auto pending = share.pending.find(&line);
            if (record.read.waitingSectors != 0) {
                if (pending == share.pending.end()) {
                    record.waitsEarlier = true;
                    record.waitKnown = record.read.fillArrives;
                } else {
                    record.waitsOn = pending->second.lastFetch;
                    record.waitsEarlier = pending->second.earlier;
                    record.waitKnown = request.cycle
                        + static_cast<std::uint64_t>(static_cast<std::int32_t>(
                            pending->second.earlierArrives - static_cast<std::uint32_t>(request.cycle)));
                }
            }
            if (record.read.fetchSectors != 0) {
                const auto [entry, first] = share.pending.try_emplace(&line);
                l2pass::PendingFill& fill = entry->second;
                if (first) // markFilling keeps an earlier fill's arrival only while it is in flight
                    fill = l2pass::PendingFill { line.filling != 0, line.fillArrives, l2pass::kNone };
                record.prevFetch = fill.lastFetch;
                fill.lastFetch = k;
                line.filling = static_cast<std::uint8_t>(line.filling | record.read.fetchSectors);
                line.fillArrives = unsettled;
                line.fillLaunch = m_l2.launch();
            }
        }
        if (request.kind != WindowRequests::Kind::L2Read) {
            constexpr std::array<std::uint32_t, 4> kWhole { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu };
            record.write = m_l2.write(t.address, t.sectors, reads ? kWhole : t.byteMasks, share.pass);
            if (share.pass.allocated)
                share.pending.erase(share.pass.line);
        }
        // A request that needs nothing of DRAM, of an atomic unit or of another request's fill has its arrival now:
        // a store's cycle, a load's L2 hit latency. The DRAM pass takes the others.
        const bool local = request.kind == WindowRequests::Kind::L2Read || request.kind == WindowRequests::Kind::Store;
        const bool alone = local && record.read.fillSectors == 0 && record.read.waitingSectors == 0
            && record.read.writebackBytes == 0 && record.read.writebackFillBytes == 0
            && record.write.writebackBytes == 0 && record.write.writebackFillBytes == 0;
        record.serial = !alone;
        if (alone) {
            const bool store = request.kind == WindowRequests::Kind::Store;
            m_windows[ref.sm].arrivals[ref.index]
                = request.cycle + (store ? 0 : static_cast<std::uint64_t>(m_profile.timing.l2HitLatencyCycles));
        }
    }
}

std::uint64_t MemoryHierarchy::passArrival(std::uint32_t k, const WindowRequests::Request& request)
{
    l2pass::Record& record = m_passRecords[k];
    const std::uint64_t now = request.cycle;
    if (request.kind == WindowRequests::Kind::Store) {
        writeBack(record.write, now);
        return now;
    }
    const MemTxn& t = *request.txn;
    const bool atomic = request.kind != WindowRequests::Kind::L2Read;
    const std::uint64_t delay = atomic
        ? m_atomicUnits.serve(t.address, t.atomicLanes, request.kind == WindowRequests::Kind::AtomicCas, now) - now
        : 0;
    // readL2, with the L2's answer known and the fills it waits for sent earlier in the DRAM pass.
    const L2Outcome& out = record.read;
    std::uint64_t waited = record.waitsEarlier ? record.waitKnown : 0;
    for (std::uint32_t f = record.waitsOn; f != l2pass::kNone; f = m_passRecords[f].prevFetch)
        waited = std::max(waited, m_passRecords[f].fillDone);
    const std::uint64_t done = finishRead(out, now, waited, record.fillDone);
    if (atomic)
        writeBack(record.write, now);
    return done + delay;
}

void MemoryHierarchy::applyPartitioned(WindowWorkers& workers)
{
    const std::size_t shares = workers.threads();
    m_passShares.resize(shares);
    const std::uint64_t sets = m_l2.sets();
    m_passRecords.resize(m_applyOrder.size());
    // Share p owns the sets s with s × shares / sets = p: from ⌈sets × p / shares⌉ to the next share's first.
    const auto firstSet = [&](std::size_t p) { return (sets * p + shares - 1) / shares; };
    workers.run(shares, [&](std::size_t p) { passShare(m_passShares[p], firstSet(p), firstSet(p + 1)); });
    // DRAM's queue in the window's order, on this thread.
    for (std::uint32_t k = 0; k < m_applyOrder.size(); ++k) {
        if (!m_passRecords[k].serial)
            continue;
        const WindowRequests::Ref ref = m_applyOrder[k];
        WindowRequests& window = m_windows[ref.sm];
        window.arrivals[ref.index] = passArrival(k, window.requests[ref.index]);
    }
    // The fills sent this window arrive: the latest of each line's (CacheLine::fillArrives keeps the latest). On this
    // thread: a window fetches far fewer lines than it has requests, and the threads would meet once more.
    for (l2pass::Share& share : m_passShares) {
        for (auto& [line, fill] : share.pending) {
            std::uint32_t latest = fill.earlierArrives;
            bool any = fill.earlier;
            for (std::uint32_t f = fill.lastFetch; f != l2pass::kNone; f = m_passRecords[f].prevFetch) {
                const auto arrives = static_cast<std::uint32_t>(m_passRecords[f].fillDone);
                if (!any || static_cast<std::int32_t>(arrives - latest) > 0)
                    latest = arrives;
                any = true;
            }
            line->fillArrives = latest;
        }
    }
    for (const l2pass::Share& share : m_passShares) {
        m_l2.endPass(share.pass);
        m_counters.l2HitSectors += share.counters.l2HitSectors;
        m_counters.l2MissSectors += share.counters.l2MissSectors;
    }
}

} // namespace engine::timing
