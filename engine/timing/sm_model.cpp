#include "engine/timing/sm_model.h"

#include "engine/timing/gto_scheduler.h"

#include <algorithm>

namespace engine::timing {

SmModel::SmModel(std::uint32_t id, const SmContext& context)
    : m_id(id)
    , m_ctx(context)
    , m_recording(context.intervals && context.intervals->records(id))
{
    std::fill_n(m_wakeStore.begin(), std::min<std::size_t>(context.schedulers, m_wakeStore.size()), std::uint64_t { 0 });
}

void SmModel::reuse(std::uint32_t id, const SmContext& context)
{
    // Every member as the constructor leaves it; the arrays only emptied, so that allocateSlots finds their capacity.
    if (context.policy != m_ctx.policy)
        m_policies.clear(); // allocateSlots makes them again (and where their count differs)
    for (auto& policy : m_policies)
        policy->reset();
    m_id = id;
    m_ctx = context;
    m_recording = context.intervals && context.intervals->records(id);
    std::fill_n(m_wakeStore.begin(), std::min<std::size_t>(context.schedulers, m_wakeStore.size()), std::uint64_t { 0 });
    m_blocks.clear();
    m_warps.clear();
    m_scoreboardPositions.clear();
    m_perScheduler = 1;
    m_scanLength = 0;
    m_wakeReadyAt.clear();
    m_wakeAge.clear();
    m_wakePipe.clear();
    m_pipeFree.clear();
    m_ready.clear();
    m_issuedNow.clear();
    m_lsuFree = 0;
    m_blockLaunchFree = 0;
    m_finished.clear();
    m_queued.clear();
    m_pending.clear();
    m_emitted.clear();
    m_issued = 0;
    m_residentWarps = 0;
    m_lastAccumulate = 0;
    m_warpCycles = 0;
    m_activeCycles = 0;
}

void SmModel::release()
{
    m_blocks.clear();
    m_finished.clear();
    m_queued.clear();
}

void SmModel::allocateSlots()
{
    // Block and warp slots, scoreboards and the schedulers' arrays come with the SM's first block: a launch of a few
    // blocks on a 132-SM device builds only the SMs it uses (their scoreboards alone are ~60 KB an SM).
    m_blocks.resize(m_ctx.blockSlots);
    const std::size_t warps = std::size_t { m_ctx.blockSlots } * m_ctx.warpsPerBlock;
    m_warps.resize(warps);
    m_scoreboardPositions.assign(warps * m_ctx.registers, 0);
    if (m_scoreboardCapacity < warps) {
        m_scoreboards = std::make_unique_for_overwrite<Scoreboard[]>(warps);
        m_scoreboardCapacity = warps;
    }
    for (std::size_t w = 0; w < warps; ++w)
        m_scoreboards[w].attach(std::span(m_scoreboardPositions).subspan(w * m_ctx.registers, m_ctx.registers));
    m_perScheduler = static_cast<std::uint32_t>((warps + m_ctx.schedulers - 1) / m_ctx.schedulers);
    m_wakeReadyAt.assign(std::size_t { m_perScheduler } * m_ctx.schedulers, kNever);
    m_wakeAge.assign(m_wakeReadyAt.size(), 0);
    m_wakePipe.assign(m_wakeReadyAt.size(), 0);
    m_pipeFree.resize(m_ctx.schedulers);
    for (auto& pipes : m_pipeFree)
        pipes.fill(0);
    m_ready.resize(m_perScheduler);
    m_issuedNow.assign(warps, 0);
    if (m_policies.size() != m_ctx.schedulers) { // a reused SM's policies serve when they are as many
        m_policies.clear();
        for (std::uint32_t s = 0; s < m_ctx.schedulers; ++s)
            m_policies.push_back(makeWarpScheduler(m_ctx.policy));
    }
}

void SmModel::accumulate(std::uint64_t now)
{
    if (now <= m_lastAccumulate)
        return;
    const std::uint64_t dt = now - m_lastAccumulate;
    m_warpCycles += static_cast<double>(m_residentWarps) * static_cast<double>(dt);
    m_activeCycles += m_residentWarps > 0 ? dt : 0;
    m_lastAccumulate = now;
}

void SmModel::addBlock(
    std::uint64_t linear, std::vector<WarpTrace> traces, std::uint64_t now, std::uint64_t& age, bool replacing)
{
    queueBlock(linear, std::move(traces), now, age, replacing);
    startQueuedBlocks();
}

void SmModel::queueBlock(
    std::uint64_t linear, std::vector<WarpTrace> traces, std::uint64_t now, std::uint64_t& age, bool replacing)
{
    // An SM starts one block per block_launch_cycles (profile `timing`); the block holds its slot meanwhile. A block
    // taking a retired one's slot starts block_replacement_cycles after the retirement at the earliest (measured on
    // the H100: docs/block_replacement_h100.md).
    const std::uint64_t start = std::max(now + (replacing ? m_ctx.blockReplacementCycles : 0), m_blockLaunchFree);
    m_blockLaunchFree = start + m_ctx.blockLaunchCycles;
    m_queued.push_back(QueuedBlock { linear, std::move(traces), now, start, age });
    age += m_ctx.warpsPerBlock;
}

void SmModel::beginWindow()
{
    // Since the SM last stepped, the other SMs' windows have pushed its warps' traces and scoreboards out of the
    // host's caches: ask for each resident warp's next two lines of operations (the head is copied in headOp) and its
    // scoreboard at once, before the warps read them one issue at a time.
    for (std::size_t slot = 0; slot < m_warps.size(); ++slot) {
        const Warp& w = m_warps[slot];
        if (!w.active)
            continue;
        __builtin_prefetch(w.head + 1);
        __builtin_prefetch(w.head + 9);
        m_scoreboards[slot].prefetch();
    }
    startQueuedBlocks();
}

void SmModel::startQueuedBlocks()
{
    // The functional run wrote the blocks' traces long before and other SMs' work has pushed them out of the host's
    // caches: ask for every warp's first operations and transactions at once, before the warps read them one by one.
    for (const QueuedBlock& queued : m_queued) {
        for (const WarpTrace& trace : queued.traces) {
            __builtin_prefetch(trace.ops.data());
            __builtin_prefetch(trace.txns.data());
        }
    }
    for (QueuedBlock& queued : m_queued)
        startBlock(queued);
    m_queued.clear();
}

void SmModel::startBlock(QueuedBlock& queued)
{
    if (m_warps.empty())
        allocateSlots();
    const std::uint64_t now = queued.now;
    const std::uint64_t start = queued.start;
    std::uint64_t age = queued.age;
    accumulate(now);
    const auto it = std::find_if(m_blocks.begin(), m_blocks.end(), [](const Block& b) { return !b.used; });
    const auto b = static_cast<std::uint32_t>(it - m_blocks.begin());
    *it = Block { true, queued.linear, std::move(queued.traces), m_ctx.warpsPerBlock, 0, start, {}, {} };
    updateScanLength();
    expectPhases(*it);
    for (std::uint32_t i = 0; i < m_ctx.warpsPerBlock; ++i) {
        const std::uint32_t slot = b * m_ctx.warpsPerBlock + i;
        Warp& w = m_warps[slot];
        w = Warp {};
        w.block = b;
        w.index = i;
        w.age = age++;
        w.nextIssue = start;
        w.stateStart = now;
        const WarpTrace& trace = it->traces[i];
        if (trace.ops.empty()) {
            --it->live;
            syncWake(w, slot);
            continue;
        }
        w.head = trace.ops.data();
        w.end = trace.ops.data() + trace.ops.size();
        w.mark = trace.marks.data();
        w.markEnd = trace.marks.data() + trace.marks.size();
        w.txns = trace.txns.data();
        w.active = true;
        ++m_residentWarps; // its scoreboard is empty: attached so (allocateSlots) or emptied as the last warp finished
        refreshHead(w, slot, start);
    }
    for (auto& wake : schedulerWakes())
        wake = std::min(wake, start);
    if (it->live == 0) {
        m_finished.push_back(FinishedBlock { start, std::move(it->traces), {}, b });
        it->used = false;
        updateScanLength();
    }
}

void SmModel::updateScanLength()
{
    const auto used = std::find_if(m_blocks.rbegin(), m_blocks.rend(), [](const Block& b) { return b.used; });
    const auto slots = static_cast<std::uint32_t>(m_blocks.rend() - used) * m_ctx.warpsPerBlock;
    m_scanLength = (slots + m_ctx.schedulers - 1) / m_ctx.schedulers;
}

void SmModel::refreshHead(Warp& w, std::uint32_t slot, std::uint64_t now)
{
    w.headOp = *w.head;
    const TraceOp& op = w.headOp;
    const StaticInstruction& st = m_ctx.statics[op.instruction];
    // The functional run wrote the trace long before; its warps' streams, interleaved, outrun the host's
    // prefetcher: ask for the line a few issues ahead, and the next instruction's static entry.
    // A trace shorter than that: its last line.
    constexpr std::ptrdiff_t kTraceAhead = 16;
    __builtin_prefetch(w.head + std::min(kTraceAhead, w.end - w.head - 1));
    if (w.end - w.head > 1)
        __builtin_prefetch(&m_ctx.statics[w.head[1].instruction]);
    w.headStatic = &st;
    w.dependency = m_scoreboards[slot].waitFor(st, now);
    w.headPipe = op.kind != OpKind::Compute ? kLsuPipe : static_cast<std::uint8_t>(st.pipe);
    if (op.kind == OpKind::GlobalLoad || op.kind == OpKind::GlobalStore || op.kind == OpKind::GlobalAtomic) {
        const bool viaL1 = (op.kind == OpKind::GlobalLoad && op.cacheInL1) || op.kind == OpKind::GlobalStore;
        m_ctx.memory->prefetch(m_id, { w.txns, op.memCount }, viaL1);
    }
    syncWake(w, slot);
}

void SmModel::syncWake(const Warp& w, std::uint32_t slot)
{
    const std::size_t i = wakeIndex(slot);
    m_wakeReadyAt[i] = !w.active || w.atBarrier || w.atMbarrier ? kNever : std::max(w.nextIssue, w.dependency.readyCycle);
    m_wakeAge[i] = w.age;
    m_wakePipe[i] = w.headPipe;
}

std::uint64_t SmModel::wakeCycle(std::size_t index, std::uint32_t scheduler) const
{
    return std::max(m_wakeReadyAt[index], m_pipeFree[scheduler][m_wakePipe[index]]);
}

void SmModel::setLsuFree(std::uint64_t cycle)
{
    m_lsuFree = cycle;
    for (auto& pipes : m_pipeFree)
        pipes[kLsuPipe] = cycle;
}

std::uint64_t SmModel::step(std::uint64_t now)
{
    accumulate(now);
    if (m_recording) // recordStates reads the slots up to the scan bound
        std::fill_n(m_issuedNow.begin(),
            std::min<std::size_t>(m_issuedNow.size(), std::size_t { m_scanLength } * m_ctx.schedulers),
            std::uint8_t { 0 });
    std::uint64_t next = kNever;
    for (std::uint32_t s = 0; s < m_ctx.schedulers; ++s) {
        // A scheduler whose earliest wake is later has nothing to do now (wakes only move later, except
        // when a block arrives or a barrier opens, which lower the bound).
        if (m_wakeStore[s] <= now)
            m_wakeStore[s] = issueOne(s, now);
    }
    for (const std::uint64_t wake : schedulerWakes()) // after all: a barrier release lowers any scheduler's
        next = std::min(next, wake);
    if (m_recording)
        recordStates(now);
    return next;
}

std::uint64_t SmModel::issueOne(std::uint32_t scheduler, std::uint64_t now)
{
    // One pass: the ready warps, and the earliest wake of the others. Issuing only delays pipes, so the
    // minimum taken before the issue stays a safe lower bound for the next step.
    // A warp that cannot issue (readyAt = kNever) gives cycle kNever: never ready, never lowers `next`.
    // Every warp is looked at once at most.
    std::size_t readyCount = 0;
    std::uint64_t next = kNever;
    const std::size_t first = std::size_t { scheduler } * m_perScheduler;
    const std::uint64_t* readyAt = &m_wakeReadyAt[first];
    const std::uint8_t* pipes = &m_wakePipe[first];
    const std::uint64_t* ages = &m_wakeAge[first];
    const std::uint64_t* pipeFree = m_pipeFree[scheduler].data();
    const auto cycleOf = [&](std::uint32_t k) { return std::max(readyAt[k], pipeFree[pipes[k]]); };
    std::uint32_t slot = 0;
    if (m_ctx.policy == SchedulerPolicy::GreedyThenOldest) {
        // GtoScheduler's choice, made in the scan: the greedy warp (the last issued) when it is ready, else the
        // oldest ready one. No list of the ready warps is written. makeWarpScheduler gave this scheduler a
        // GtoScheduler; the warps it issued are its own.
        const std::uint32_t last = static_cast<const GtoScheduler&>(*m_policies[scheduler]).last();
        const std::uint32_t lastIndex = last / m_ctx.schedulers;
        if (last != GtoScheduler::kNone && lastIndex < m_scanLength && cycleOf(lastIndex) <= now) {
            // The greedy warp issues whatever the others are: the scan only asks whether another one is ready too
            // (then the wake is the next cycle, as below) and stops at the first; when none is, it has their
            // earliest wake.
            const auto othersReady = [&](std::uint32_t from, std::uint32_t to) {
                for (std::uint32_t k = from; k < to; ++k) {
                    const std::uint64_t cycle = cycleOf(k);
                    if (cycle <= now)
                        return true;
                    next = std::min(next, cycle);
                }
                return false;
            };
            readyCount = othersReady(0, lastIndex) || othersReady(lastIndex + 1, m_scanLength) ? 2 : 1;
            slot = last;
        } else {
            GtoScheduler::Oldest oldest;
            for (std::uint32_t k = 0; k < m_scanLength; ++k) {
                const std::uint64_t cycle = cycleOf(k);
                const bool ready = cycle <= now;
                readyCount += ready ? 1 : 0;
                next = ready ? next : std::min(next, cycle);
                oldest.see(k, ages[k], ready);
            }
            if (readyCount == 0)
                return next;
            slot = scheduler + oldest.index * m_ctx.schedulers;
        }
    } else {
        Candidate* ready = m_ready.data();
        for (std::uint32_t k = 0; k < m_scanLength; ++k) {
            const std::uint64_t cycle = cycleOf(k);
            ready[readyCount] = Candidate { scheduler + k * m_ctx.schedulers, ages[k] };
            readyCount += cycle <= now ? 1 : 0;
            next = cycle > now ? std::min(next, cycle) : next;
        }
        if (readyCount == 0)
            return next;
        const std::span<const Candidate> candidates(ready, readyCount);
        slot = candidates[m_policies[scheduler]->pick(candidates)].slot;
    }
    m_policies[scheduler]->issued(slot);
    issue(slot, now);
    if (readyCount > 1)
        return now + 1; // the others are still ready
    const std::size_t i = wakeIndex(slot);
    return m_wakeReadyAt[i] != kNever ? std::min(next, std::max(now + 1, wakeCycle(i, scheduler))) : next;
}

std::uint64_t SmModel::execute(Warp& w, std::uint32_t slot, const TraceOp& op, std::uint64_t now)
{
    const PipeTiming& p = *m_ctx.pipes;
    const std::span<const MemTxn> txns(w.txns, op.memCount);
    switch (op.kind) {
    case OpKind::Shared:
        // Bank conflicts serialize a request into wavefronts (best-practices-guide-v8.0.txt §9.2.2.1).
        setLsuFree(now + std::uint64_t { op.wavefronts } * p.sharedCyclesPerWavefront);
        return now + p.latencyCycles[static_cast<std::size_t>(Pipe::Shared)]
            + std::uint64_t { op.wavefronts - 1u } * p.sharedCyclesPerWavefront;
    case OpKind::GlobalLoad:
        setLsuFree(now + std::uint64_t { op.wavefronts } * p.globalCyclesPerWavefront);
        return m_ctx.memory->load(m_id, txns, now, op.cacheInL1 != 0);
    case OpKind::GlobalStore:
        setLsuFree(now + std::uint64_t { op.wavefronts } * p.globalCyclesPerWavefront);
        m_ctx.memory->store(m_id, txns, now);
        return now + 1;
    case OpKind::GlobalAtomic:
        setLsuFree(now + std::uint64_t { op.wavefronts } * p.globalCyclesPerWavefront);
        return m_ctx.memory->atomic(m_id, txns, now, w.headStatic->compareAndSwap);
    default: break;
    }
    const auto pipe = static_cast<std::size_t>(w.headStatic->pipe);
    const std::uint32_t busy
        = w.headStatic->tensorWork != 0 ? tensorIssueCycles(p, w.headStatic->tensorWork) : p.intervalCycles[pipe];
    m_pipeFree[slot % m_ctx.schedulers][pipe] = now + busy;
    return now + p.latencyCycles[pipe];
}

void SmModel::issue(std::uint32_t slot, std::uint64_t now)
{
    Warp& w = m_warps[slot];
    const TraceOp& op = w.headOp;
    const StaticInstruction& st = *w.headStatic;
    if (m_recording)
        markIssued(w, slot, now);
    std::uint64_t ready = 0;
    if (!m_ctx.attributeTraffic || op.kind == OpKind::Compute || op.kind == OpKind::Shared) {
        ready = execute(w, slot, op, now);
    } else if (m_ctx.memory->defersBelowL1()) { // the L1's part now, the rest when the window settles
        m_ctx.memory->attributeTo(m_id, w.block);
        const CacheCounters before = m_ctx.memory->l1Counters(m_id);
        ready = execute(w, slot, op, now);
        const CacheCounters& after = m_ctx.memory->l1Counters(m_id);
        m_blocks[w.block].traffic.caches.l1HitSectors += after.l1HitSectors - before.l1HitSectors;
        m_blocks[w.block].traffic.caches.l1MissSectors += after.l1MissSectors - before.l1MissSectors;
    } else { // what the access cost below the SM is the block's (sampling extrapolates per block)
        const MemoryTraffic before = m_ctx.memory->traffic();
        ready = execute(w, slot, op, now);
        m_blocks[w.block].traffic.addDifference(m_ctx.memory->traffic(), before);
    }
    m_scoreboards[slot].write(st, ready, op.kind != OpKind::Compute, now);
    if (isTicket(ready)) {
        m_pending.push_back(PendingResult { slot, ready });
        ++w.pendingResults;
    } else {
        w.lastCompletion = std::max(w.lastCompletion, ready);
    }
    w.nextIssue = now + 1;
    w.lastIssue = now;
    m_issuedNow[slot] = 1;
    ++m_issued;
    if (st.asyncOp != ptx::AsyncOp::None || w.mark != w.markEnd)
        applyAsync(w, st, ready, now);
    if (st.waitsAtBarrier)
        arriveAtBarrier(w, now);
    const std::uint32_t pc = op.instruction;
    advance(w, slot, now);
    // A taken branch: the warp's next instruction is not the one after it, and it issues only after the
    // redirect (H100: a one-FFMA loop takes 29 SM cycles per iteration with one warp, 12 more than its chain of
    // dependent latencies; bench/hardware/h100/timing_rules/, docs/timing_rules_h100.md).
    if (st.branch && w.active && w.headOp.instruction != pc + 1) {
        w.nextIssue = std::max(w.nextIssue, now + m_ctx.branchTakenCycles);
        syncWake(w, slot);
    }
}

void SmModel::advance(Warp& w, std::uint32_t slot, std::uint64_t now)
{
    w.txns += w.headOp.memCount;
    ++w.head;
    if (w.head == w.end) {
        finishWarp(w, slot, now);
        return;
    }
    refreshHead(w, slot, now);
}

void SmModel::arriveAtBarrier(Warp& w, std::uint64_t now)
{
    Block& block = m_blocks[w.block];
    w.atBarrier = true;
    ++block.arrived;
    if (block.arrived >= block.live)
        releaseBarrier(block, w.block, now);
}

void SmModel::releaseBarrier(Block& block, std::uint32_t blockSlot, std::uint64_t now)
{
    // Programming Guide 0.8.2 §4.2.2: __syncthreads waits until every thread of the block reached it; the
    // barrier's own cost is the profile's "barrier" latency.
    const std::uint64_t resume = now + m_ctx.pipes->latencyCycles[static_cast<std::size_t>(Pipe::Barrier)];
    for (std::uint32_t i = 0; i < m_ctx.warpsPerBlock; ++i) {
        Warp& w = m_warps[blockSlot * m_ctx.warpsPerBlock + i];
        if (w.active && w.atBarrier) {
            w.atBarrier = false;
            w.nextIssue = std::max(w.nextIssue, resume);
            syncWake(w, blockSlot * m_ctx.warpsPerBlock + i);
            auto& wake = m_wakeStore[(blockSlot * m_ctx.warpsPerBlock + i) % m_ctx.schedulers];
            wake = std::min(wake, resume);
        }
    }
    block.arrived = 0;
}

void SmModel::finishWarp(Warp& w, std::uint32_t slot, std::uint64_t now)
{
    Block& block = m_blocks[w.block];
    const bool wasAtBarrier = w.atBarrier;
    // The slot's next warp starts with an empty scoreboard: emptied now, while its entries are in the host's caches,
    // not when that warp arrives. Tickets of this warp still to settle find no entry, and need none: it issues no more.
    m_scoreboards[slot].clear();
    w.active = false;
    w.atBarrier = false;
    syncWake(w, slot);
    accumulate(now + 1);
    --m_residentWarps;
    if (m_recording)
        emit(w, slot, WarpState::Issuing, w.stateStart, now + 1);
    block.finish = std::max({ block.finish, now + 1, w.lastCompletion });
    block.pendingResults += w.pendingResults;
    w.pendingResults = 0;
    --block.live;
    if (wasAtBarrier)
        --block.arrived;
    if (block.live == 0) {
        if (block.pendingResults == 0)
            retireBlock(block);
    } else if (block.arrived > 0 && block.arrived >= block.live) {
        // PTX ISA 8.5 §9.7.12.5: exited threads no longer hold up a barrier.
        releaseBarrier(block, w.block, now);
    }
}

void SmModel::retireBlock(Block& block)
{
    m_finished.push_back(FinishedBlock { block.finish, std::move(block.traces), block.traffic,
        static_cast<std::uint32_t>(&block - m_blocks.data()) });
    block = Block {};
    updateScanLength();
}

std::uint64_t SmModel::nextWake() const
{
    const std::uint64_t wake = *std::min_element(schedulerWakes().begin(), schedulerWakes().end());
    return m_queued.empty() ? wake : std::min(wake, m_queued.front().start);
}

void SmModel::settleWarp(const PendingResult& pending, std::uint64_t cycle)
{
    m_scoreboards[pending.slot].settle(pending.ticket, cycle);
    Warp& w = m_warps[pending.slot];
    if (w.active) {
        w.lastCompletion = std::max(w.lastCompletion, cycle);
        --w.pendingResults;
        return;
    }
    Block& block = m_blocks[w.block]; // the warp finished; its block waits for this before it retires
    block.finish = std::max(block.finish, cycle);
    if (--block.pendingResults == 0 && block.live == 0)
        retireBlock(block);
}

void SmModel::settle(std::uint64_t windowEnd)
{
    if (m_ctx.attributeTraffic)
        chargeWindowTraffic();
    if (m_pending.empty())
        return; // no ticket this window: nothing waits for one
    for (const PendingResult& pending : m_pending)
        settleWarp(pending, m_ctx.memory->settled(m_id, pending.ticket));
    // A warp's head can wait only for its own tickets.
    for (const PendingResult& pending : m_pending) {
        Warp& w = m_warps[pending.slot];
        if (!w.active || !isTicket(w.dependency.readyCycle))
            continue;
        w.dependency = m_scoreboards[pending.slot].waitFor(*w.headStatic, windowEnd);
        syncWake(w, pending.slot);
        const std::uint32_t scheduler = pending.slot % m_ctx.schedulers;
        auto& wake = m_wakeStore[scheduler];
        wake = std::min(wake, std::max(windowEnd, wakeCycle(wakeIndex(pending.slot), scheduler)));
    }
    m_pending.clear();
    for (auto& wake : schedulerWakes()) { // computed from a ticket now settled: look again when the window ends
        if (isTicket(wake))
            wake = windowEnd;
    }
}
void SmModel::chargeWindowTraffic()
{
    // A slot holds one block through a window: the one still resident, or the one that retired in it.
    for (std::uint32_t b = 0; b < m_blocks.size(); ++b) {
        const MemoryTraffic traffic = m_ctx.memory->blockTraffic(m_id, b);
        if (m_blocks[b].used) {
            m_blocks[b].traffic.add(traffic);
            continue;
        }
        for (FinishedBlock& finished : m_finished) {
            if (finished.slot == b)
                finished.traffic.add(traffic);
        }
    }
}

} // namespace engine::timing
