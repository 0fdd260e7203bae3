// The windowed half of MemoryHierarchy: during a window each SM's loads, stores and atomics touch only its own
// L1 and queue what goes past it (WindowRequests); at the window's end the queues reach the L2, the atomic units
// and DRAM in (cycle, SM, issue) order — the order a cycle-by-cycle simulation of all SMs would give them — and
// the tickets handed out for results become cycles. Everything below the L1 takes longer than a window, so no
// warp could have used such a result before the window ended.
#include "engine/timing/memory_hierarchy.h"

#include "engine/common/host_cache.h"
#include "engine/timing/sector_mask.h"

#include <algorithm>

namespace engine::timing {

void MemoryHierarchy::deferBelowL1(bool attributeTraffic)
{
    // The SMs' queues start anew when each first steps (beginWindow): a queue of an earlier launch keeps its room.
    m_deferring = true;
    ++m_launch;
    m_windows.resize(static_cast<std::size_t>(m_profile.smCount));
    m_attributeTraffic = attributeTraffic;
    m_blockTraffic.resize(m_windows.size());
}

void MemoryHierarchy::beginWindow(std::uint64_t start, std::uint64_t end, std::span<const std::uint32_t> sms)
{
    m_windowStart = start;
    m_windowEnd = end;
    // Far enough past the window that a load in it sees the fill as still on its way (cyclesUntilFill > 0),
    // near enough that the 32-bit difference of the L1's lines holds it.
    m_unsettledFillMark = end + (std::uint64_t { 1 } << 24);
    m_windowSms.assign(sms.begin(), sms.end());
    for (const std::uint32_t sm : m_windowSms) {
        WindowRequests& window = m_windows[sm];
        if (window.launch != m_launch) { // the SM's first window of this launch
            window.reset();
            window.launch = m_launch;
            m_blockTraffic[sm].clear();
            continue;
        }
        window.clear();
        std::fill(m_blockTraffic[sm].begin(), m_blockTraffic[sm].end(), MemoryTraffic {});
    }
}

std::uint64_t MemoryHierarchy::ticketFor(WindowRequests& window, const WindowRequests::Completion& completion)
{
    if (completion.depCount == 0)
        return completion.known;
    window.completions.push_back(completion);
    return kTicketBase + (window.completions.size() - 1);
}

std::uint32_t MemoryHierarchy::queue(WindowRequests& window, std::uint64_t now, const MemTxn& t, std::uint8_t sectors,
    WindowRequests::Kind kind) const
{
    const auto set = m_l2.enabled() ? static_cast<std::uint32_t>(m_l2.setIndex(t.address)) : 0u;
    const bool inWindow = now >= m_windowStart && now < m_windowEnd;
    const std::uint32_t offset = inWindow ? static_cast<std::uint32_t>(now - m_windowStart) : WindowRequests::kNone;
    return window.add(WindowRequests::Request { now, &t, sectors, kind, WindowRequests::kNone, 0 },
        WindowRequests::OrderKey { offset, set });
}

std::uint64_t MemoryHierarchy::loadDeferred(
    std::uint32_t sm, std::span<const MemTxn> txns, std::uint64_t now, bool viaL1)
{
    WindowRequests& window = m_windows[sm];
    WindowRequests::Completion result { now + 1, static_cast<std::uint32_t>(window.deps.size()), 0 };
    auto dependOn = [&](std::uint32_t request) {
        window.deps.push_back(request);
        ++result.depCount;
    };
    for (const MemTxn& t : txns) {
        if (!m_l2.enabled()) {
            dependOn(queue(window, now, t, t.sectors, WindowRequests::Kind::DramRead));
            continue;
        }
        if (!viaL1 || !loadingL1(sm).enabled()) {
            dependOn(queue(window, now, t, t.sectors, WindowRequests::Kind::L2Read));
            continue;
        }
        L1Cache& l1 = m_l1[sm];
        const auto access = l1.load(t.address, t.sectors, now);
        const auto missing = static_cast<std::uint8_t>(t.sectors & ~access.hit);
        window.l1.l1HitSectors += std::uint64_t { sectorCount(access.hit) };
        window.l1.l1MissSectors += std::uint64_t { sectorCount(missing) };
        result.known = std::max(result.known, now + static_cast<std::uint64_t>(m_profile.timing.l1HitLatencyCycles));
        WindowRequests::PendingLine* line = window.findLine(t.address);
        if (access.waiting != 0) {
            if (access.fillArrives == m_unsettledFillMark && line != nullptr) { // sent this window: wait for all of it
                result.known = std::max(result.known, line->earlier);
                for (std::uint32_t r = line->lastRequest; r != WindowRequests::kNone; r = window.requests[r].nextOfLine)
                    dependOn(r);
            } else {
                result.known = std::max(result.known, access.fillArrives);
            }
        }
        if (missing == 0)
            continue;
        const std::uint32_t request = queue(window, now, t, access.fill, WindowRequests::Kind::L2Read);
        const std::uint64_t earlier = l1.markFillUnsettled(m_unsettledFillMark, now);
        if (line == nullptr) {
            window.lines.push_back(WindowRequests::PendingLine { t.address, earlier, WindowRequests::kNone });
            line = &window.lines.back();
        }
        window.requests[request].nextOfLine = line->lastRequest;
        line->lastRequest = request;
        dependOn(request);
    }
    return ticketFor(window, result);
}

void MemoryHierarchy::storeDeferred(std::uint32_t sm, std::span<const MemTxn> txns, std::uint64_t now)
{
    WindowRequests& window = m_windows[sm];
    for (const MemTxn& t : txns) {
        if (m_l2.enabled() && m_l1[sm].enabled())
            m_l1[sm].store(t.address, t.sectors);
        queue(window, now, t, t.sectors, WindowRequests::Kind::Store);
    }
}

std::uint64_t MemoryHierarchy::atomicDeferred(
    std::uint32_t sm, std::span<const MemTxn> txns, std::uint64_t now, bool compareAndSwap)
{
    WindowRequests& window = m_windows[sm];
    WindowRequests::Completion result { now + 1, static_cast<std::uint32_t>(window.deps.size()), 0 };
    const auto kind = compareAndSwap ? WindowRequests::Kind::AtomicCas : WindowRequests::Kind::Atomic;
    for (const MemTxn& t : txns) {
        window.deps.push_back(queue(window, now, t, t.sectors, kind));
        ++result.depCount;
    }
    return ticketFor(window, result);
}

std::uint64_t MemoryHierarchy::apply(const WindowRequests::Request& request)
{
    const MemTxn& t = *request.txn;
    switch (request.kind) {
    case WindowRequests::Kind::DramRead: return m_dram.read(request.cycle, t.bytes);
    case WindowRequests::Kind::L2Read: return readL2(t, request.sectors, request.cycle);
    case WindowRequests::Kind::Store: storeL2(t, request.cycle); return request.cycle;
    case WindowRequests::Kind::Atomic: return atomicTxn(t, request.cycle, false);
    case WindowRequests::Kind::AtomicCas: return atomicTxn(t, request.cycle, true);
    }
    return request.cycle;
}

void MemoryHierarchy::settleWindow(WindowWorkers* workers)
{
    applyWindow(workers);
    for (const std::uint32_t sm : m_busyWindows)
        settleSmWindow(sm);
}

void MemoryHierarchy::orderWindow(WindowWorkers* workers, HostPhases& phases)
{
    const PhaseTimer timer(phases, phases.l2Order);
    std::vector<std::uint32_t>& busy = m_busyWindows;
    busy.clear();
    const std::uint64_t width = m_windowEnd - m_windowStart;
    m_cycleStarts.assign(width + 1, 0);
    // Each SM's queue was written on the thread that stepped it: its lines come from that core's caches, a few
    // SMs ahead of the one being counted, the queue's own record further ahead still.
    constexpr std::size_t kRecordAhead = 4;
    constexpr std::size_t kKeysAhead = 2;
    constexpr std::size_t kKeyLinesAhead = 8;
    for (std::size_t j = 0; j < m_windowSms.size(); ++j) {
        if (j + kRecordAhead < m_windowSms.size())
            __builtin_prefetch(&m_windows[m_windowSms[j + kRecordAhead]].keys);
        if (j + kKeysAhead < m_windowSms.size()) {
            const std::vector<WindowRequests::OrderKey>& ahead = m_windows[m_windowSms[j + kKeysAhead]].keys;
            const std::size_t bytes = ahead.size() * sizeof(WindowRequests::OrderKey);
            const std::size_t lines = std::min(kKeyLinesAhead, (bytes + kHostCacheLine - 1) / kHostCacheLine);
            for (std::size_t l = 0; l < lines; ++l)
                __builtin_prefetch(reinterpret_cast<const char*>(ahead.data()) + l * kHostCacheLine);
        }
        const std::uint32_t sm = m_windowSms[j];
        WindowRequests& window = m_windows[sm];
        window.arrivals.resize(window.requests.size());
        if (window.requests.empty())
            continue;
        busy.push_back(sm);
        for (const WindowRequests::OrderKey key : window.keys) {
            if (key.offset != WindowRequests::kNone)
                ++m_cycleStarts[key.offset + 1];
        }
    }
    // (cycle, SM, issue) order by a counting sort on the cycle: SMs are visited in order and each SM's queue is
    // in issue order, so within a cycle the SMs stay in order and each SM's requests in issue order. One pass
    // over the requests, not one over every SM per cycle of the window.
    for (std::uint64_t c = 0; c < width; ++c)
        m_cycleStarts[c + 1] += m_cycleStarts[c];
    m_applyOrder.resize(m_cycleStarts[width]);
    m_applySets.resize(m_applyOrder.size());
    // Enough requests to share out: each thread takes a range of the L2's sets (l2_pass.cpp), and each SM learns
    // where its requests are in the window's order, to find their arrivals when it settles.
    constexpr std::size_t kSharedPassRequests = 256;
    m_partitioned = workers && workers->threads() > 1 && m_applyOrder.size() >= kSharedPassRequests
        && m_l2.enabled() && !m_attributeTraffic;
    for (const std::uint32_t sm : busy) {
        WindowRequests& window = m_windows[sm];
        if (m_partitioned)
            window.order.assign(window.requests.size(), WindowRequests::kNone);
        for (std::uint32_t i = 0; i < window.keys.size(); ++i) {
            const WindowRequests::OrderKey key = window.keys[i];
            if (key.offset != WindowRequests::kNone) {
                const std::uint64_t k = m_cycleStarts[key.offset]++;
                m_applyOrder[k] = WindowRequests::Ref { sm, i };
                m_applySets[k] = key.l2Set;
                if (m_partitioned)
                    window.order[i] = static_cast<std::uint32_t>(k);
            }
        }
    }
}

void MemoryHierarchy::applyWindow(WindowWorkers* workers, HostPhases* phases)
{
    HostPhases untimed;
    HostPhases& timed = phases ? *phases : untimed;
    orderWindow(workers, timed);
    if (m_partitioned) {
        applyPartitioned(*workers, timed);
        return;
    }
    // What a request reads is far from the host's caches — its record, in the queue its SM's thread wrote, its
    // transaction, in a block's trace another thread wrote, and the L2's set. Each is asked for once the one that
    // gives its address has arrived: the record 24 places ahead, the transaction 16 ahead, the set's header 8 ahead,
    // the line record the lookup will take 4 ahead.
    constexpr std::size_t kRequestAhead = 24;
    constexpr std::size_t kTxnAhead = 16;
    constexpr std::size_t kSetAhead = 8;
    constexpr std::size_t kLineAhead = 4;
    const auto requestAt = [this](std::size_t k) -> const WindowRequests::Request& {
        return m_windows[m_applyOrder[k].sm].requests[m_applyOrder[k].index];
    };
    for (std::size_t k = 0; k < m_applyOrder.size(); ++k) {
        if (k + kRequestAhead < m_applyOrder.size())
            __builtin_prefetch(&requestAt(k + kRequestAhead));
        if (k + kTxnAhead < m_applyOrder.size())
            __builtin_prefetch(requestAt(k + kTxnAhead).txn);
        if (k + kSetAhead < m_applyOrder.size())
            m_l2.prefetchSet(m_applySets[k + kSetAhead]); // nothing without an L2
        if (k + kLineAhead < m_applyOrder.size())
            m_l2.prefetchLine(requestAt(k + kLineAhead).txn->address);
        const WindowRequests::Ref ref = m_applyOrder[k];
        WindowRequests& window = m_windows[ref.sm];
        const WindowRequests::Request& request = window.requests[ref.index];
        if (!m_attributeTraffic) {
            window.arrivals[ref.index] = apply(request);
            continue;
        }
        // During windows m_counters holds the L2's counts only (the L1s' are per SM).
        const MemoryTraffic before { dramBytesRead(), dramBytesWritten(), m_counters };
        window.arrivals[ref.index] = apply(request);
        auto& perBlock = m_blockTraffic[ref.sm];
        if (perBlock.size() <= request.owner)
            perBlock.resize(request.owner + 1);
        perBlock[request.owner].addDifference(
            MemoryTraffic { dramBytesRead(), dramBytesWritten(), m_counters }, before);
    }
}

void MemoryHierarchy::settleSmWindow(std::uint32_t sm)
{
    WindowRequests& window = m_windows[sm];
    if (window.requests.empty())
        return;
    if (m_partitioned) {
        for (std::size_t i = 0; i < window.requests.size(); ++i) {
            if (window.order[i] != WindowRequests::kNone)
                window.arrivals[i] = passedArrival(window.order[i]);
        }
    }
    window.settled.resize(window.completions.size());
    for (std::size_t c = 0; c < window.completions.size(); ++c) {
        const WindowRequests::Completion& completion = window.completions[c];
        std::uint64_t cycle = completion.known;
        for (std::uint32_t d = 0; d < completion.depCount; ++d)
            cycle = std::max(cycle, window.arrivals[window.deps[completion.firstDep + d]]);
        window.settled[c] = cycle;
    }
    for (const WindowRequests::PendingLine& line : window.lines) {
        std::uint64_t arrives = line.earlier;
        for (std::uint32_t r = line.lastRequest; r != WindowRequests::kNone; r = window.requests[r].nextOfLine)
            arrives = std::max(arrives, window.arrivals[r]);
        m_l1[sm].settleFill(line.address, arrives);
    }
}

std::uint64_t MemoryHierarchy::settled(std::uint32_t sm, std::uint64_t ticket) const
{
    return m_windows[sm].settled[ticket - kTicketBase];
}

} // namespace engine::timing
