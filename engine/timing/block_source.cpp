#include "engine/timing/block_source.h"

#include "engine/common/host_heap.h"
#include "engine/common/spin_turn.h"

#include "engine/simt/fault_report.h"
#include "engine/timing/host_phases.h"
#include "engine/timing/trace_memory.h"

#include <algorithm>
#include <chrono>
#include <string>

namespace engine::timing {

BlockSource::BlockSource(Inputs inputs, Mode mode)
    : m_in(std::move(inputs))
{
    if (mode == Mode::Batches && m_in.blockCount > 1 && m_in.threads > 1) {
        const std::size_t slots = std::min<std::uint64_t>(
            std::min(kMaxBatch, kBatchPerThread * m_in.threads), m_in.blockCount);
        // At the priority of the threads stepping the SMs, which wait for these blocks: at a lower one (nice +10) the
        // 16 M copy on 16 threads of the device machine waited 0.25-0.27 s of its 0.79-0.81 s launch for blocks, at
        // the same 0.09-0.15 s of 0.69-0.71 s, and muld 1 024 took 4.74 s against 5.02 s (bench/README.md, eighth
        // round).
        m_workers.emplace(m_in.threads);
        // Slot i of either batch runs on the same thread in every batch, never on the one that commits (thread 0,
        // which takes a slot's block only when it is left once it committed), and is made on that thread, from its
        // heap: made one after the other here, the slots' counters and buffers, which their threads write at every
        // instruction, lay side by side in one heap and shared host cache lines.
        const std::size_t others = (*m_workers)->threads() - 1;
        m_home = [others](std::size_t i) { return 1 + i % others; };
        for (Batch& batch : m_batches)
            batch.slots.resize(slots);
        (*m_workers)->run(2 * slots, [this, slots](std::size_t j) {
            m_batches[j / slots].slots[j % slots] = std::make_unique<SpeculativeSlot>(m_in.launch);
        }, [this, slots](std::size_t j) { return m_home(j % slots); });
        m_capacity = 3 * slots; // the batch committed, and the one run meanwhile
        if (!m_in.batchesOnCaller)
            m_worker = std::jthread([this](const std::stop_token& stop) {
                workBatches(stop);
                markWorkerDone();
                helpUntilTaken(stop);
            });
    } else if (mode != Mode::Inline && m_in.blockCount > 0) {
        m_worker = std::jthread([this](const std::stop_token& stop) {
            work(stop, 0);
            markWorkerDone();
            helpUntilTaken(stop);
        });
    }
}

std::uint64_t BlockSource::traceBytesLeft() const
{
    const std::uint64_t limit = m_in.traceBytesLimit;
    const std::uint64_t held = m_heldTraceBytes.load();
    return limit == 0 ? 0 : limit > held ? limit - held : 1;
}

std::vector<WarpTrace> BlockSource::takeRecycled()
{
    if (m_stash.empty()) { // up to kHandOver at once: one lock for many blocks
        const std::scoped_lock lock(m_mutex);
        const std::size_t count = std::min(m_pool.size(), kHandOver);
        std::move(m_pool.end() - static_cast<std::ptrdiff_t>(count), m_pool.end(), std::back_inserter(m_stash));
        m_pool.resize(m_pool.size() - count);
    }
    std::vector<WarpTrace> recycled;
    if (!m_stash.empty()) {
        recycled = std::move(m_stash.back());
        m_stash.pop_back();
    }
    m_heldTraceBytes -= traceBytes(recycled);
    return recycled;
}

BlockSource::~BlockSource()
{
    if (m_worker.joinable()) {
        m_in.stop.request_stop(); // ends a block in progress at its next slice
        m_worker.request_stop();
        m_changed.notify_all();
    } else if (m_workers && m_batches[m_current].running != 0) { // begun on the caller's thread (batchesOnCaller)
        m_in.stop.request_stop();
        finishRunning();
    }
}

ExecutedBlock madeBlock(std::uint64_t linear, std::vector<WarpTrace> traces)
{
    const std::uint64_t bytes = traceBytes(traces);
    return ExecutedBlock { linear, std::move(traces), std::nullopt, bytes };
}

ExecutedBlock BlockSource::runBlock(std::uint64_t linear)
{
    if (m_in.traceBytesLimit != 0)
        m_in.recorder->limitTraceBytes(traceBytesLeft(), m_in.stop);
    simt::CtaRunner& runner = *m_in.runner;
    runner.start(linear);
    if (!runner.runToCompletion(m_in.stop.get_token())) {
        if (m_in.recorder->traceOverLimit())
            return ExecutedBlock {linear, {},
                traceLimitError("block " + std::to_string(linear) + " of " + std::to_string(m_in.blockCount),
                    m_in.issue->warpInstructions, m_in.traceBytesLimit)};
        return ExecutedBlock {linear, {}, simt::describeFault(runner.context())};
    }
    *m_in.divergentBranches += runner.context().divergentBranches;
    runner.context().divergentBranches = 0;
    return madeBlock(linear, m_in.recorder->takeTraces(takeRecycled()));
}

void BlockSource::work(const std::stop_token& stop, std::uint64_t first)
{
    adviseThreadHeap(); // the blocks' traces grow here
    for (std::uint64_t linear = first; linear < m_in.blockCount; ++linear) {
        // A full queue rests this worker until half of it was taken: then it runs half a queue's blocks at once, not
        // one block each time next() takes some, and while it rests its core is free (ahead()).
        if (!waitForRoom(stop, 1, true))
            return;
        const auto began = std::chrono::steady_clock::now();
        ExecutedBlock block = runBlock(linear);
        const double seconds = secondsSince(began);
        m_aheadSeconds += seconds;
        m_commitSeconds += seconds;
        const bool failed = block.error.has_value();
        const std::size_t capacity = aheadCapacity(block, kAheadBlocks);
        {
            const std::scoped_lock lock(m_mutex);
            m_queue.push_back(std::move(block));
            m_capacity = capacity; // only here, while this worker does not wait for room
        }
        m_changed.notify_all();
        if (failed)
            return;
    }
}

void BlockSource::workBatches(const std::stop_token& stop)
{
    adviseThreadHeap();
    const std::size_t perBatch = m_batches[0].slots.size();
    while (batchesLeft()) {
        if (!waitForRoom(stop, 2 * perBatch, false)) { // the batch it commits, and the next one's room
            finishRunning();
            return;
        }
        const auto began = std::chrono::steady_clock::now();
        std::vector<ExecutedBlock> ready = nextBatch();
        m_aheadSeconds += secondsSince(began);
        const bool failed = ready.back().error.has_value();
        std::size_t capacity = 0;
        for (const ExecutedBlock& block : ready)
            capacity = aheadCapacity(block, 3 * perBatch);
        {
            const std::scoped_lock lock(m_mutex);
            for (ExecutedBlock& block : ready)
                m_queue.push_back(std::move(block));
            m_capacity = capacity; // only here, while this worker does not wait for room
        }
        m_changed.notify_all();
        if (failed)
            return;
    }
    if (m_nextBatched < m_in.blockCount)
        work(stop, m_nextBatched);
}

bool BlockSource::waitForRoom(const std::stop_token& stop, std::size_t count, bool half)
{
    std::unique_lock lock(m_mutex);
    if (m_queue.size() + count <= m_capacity)
        return true;
    m_wakeAt = half ? m_capacity / 2 : m_capacity - count;
    m_resting = true;
    ++m_rests;
    const bool woken = m_lent.load(std::memory_order_acquire)
        ? helpUntilRoom(lock, stop)
        : m_changed.wait(lock, stop, [this] { return m_queue.size() <= m_wakeAt; });
    m_resting = false;
    return woken;
}

void BlockSource::helpOnce(unsigned& turn)
{
    bool found = false;
    {
        const std::scoped_lock lock(m_helpMutex);
        found = m_help && m_help();
    }
    if (found)
        turn = 1;
    else
        spinTurn(turn++);
}

bool BlockSource::helpUntilRoom(std::unique_lock<std::mutex>& lock, const std::stop_token& stop)
{
    for (unsigned turn = 1;;) {
        if (m_queue.size() <= m_wakeAt)
            return true;
        if (stop.stop_requested())
            return false;
        if (!m_lent.load(std::memory_order_acquire)) // no longer lent: sleeps until woken
            return m_changed.wait(lock, stop, [this] { return m_queue.size() <= m_wakeAt; });
        lock.unlock();
        helpOnce(turn);
        lock.lock();
    }
}

void BlockSource::helpUntilTaken(const std::stop_token& stop)
{
    for (unsigned turn = 1; m_lent.load(std::memory_order_acquire) && !stop.stop_requested();)
        helpOnce(turn);
}

void BlockSource::lendBatchThreads(std::function<bool(std::size_t self)> help, std::size_t lent)
{
    if (m_workers)
        (*m_workers)->lendIdle(std::move(help), lent);
}

void BlockSource::narrowLentBatchThreads(std::size_t lent)
{
    if (m_workers)
        (*m_workers)->narrowLent(lent);
}

void BlockSource::helpWhileResting(std::function<bool()> help)
{
    const std::scoped_lock lock(m_helpMutex);
    m_help = std::move(help);
    m_lent.store(static_cast<bool>(m_help), std::memory_order_release);
}

std::size_t queuedBlocks(std::uint64_t largestTraceBytes, std::uint64_t traceBytesLimit, std::size_t least)
{
    const std::uint64_t ahead
        = traceBytesLimit == 0 ? BlockSource::kAheadBytes : std::min(BlockSource::kAheadBytes, traceBytesLimit / 4);
    const std::uint64_t fits
        = std::min<std::uint64_t>(BlockSource::kMaxQueued, ahead / std::max<std::uint64_t>(1, largestTraceBytes));
    return std::max(least, static_cast<std::size_t>(fits));
}

std::size_t BlockSource::aheadCapacity(const ExecutedBlock& queued, std::size_t least)
{
    m_largestTraces = std::max(m_largestTraces, queued.bytes);
    return queuedBlocks(m_largestTraces, m_in.traceBytesLimit, least);
}

std::uint64_t BlockSource::speculativeBudget() const
{
    const std::uint64_t bound = std::max(kSpeculativeInstructions, kSpeculativeGrowth * m_longestBlock);
    const std::uint64_t budget = m_in.issue->budget;
    if (budget == 0)
        return bound;
    const std::uint64_t used = m_in.issue->warpInstructions;
    return std::min(bound, budget > used ? budget - used : 1); // 1, not 0 (no bound): it stops and runs serially
}

double BlockSource::aheadBusySeconds() const
{
    if (m_aheadSeconds == 0) // no worker: the batches ran on the caller's thread, inside its phases
        return 0;
    double seconds = m_commitSeconds;
    for (const Batch& batch : m_batches) {
        for (const std::unique_ptr<SpeculativeSlot>& slot : batch.slots)
            seconds += slot->runSeconds();
    }
    return seconds;
}

ExecutedBlock BlockSource::next()
{
    ExecutedBlock block;
    if (!m_worker.joinable() && m_workers && (!m_taken.empty() || batchesLeft())) {
        if (m_taken.empty()) {
            // After a block that failed nothing more is asked for: the launch stops with its error.
            for (ExecutedBlock& ready : nextBatch())
                m_taken.push_back(std::move(ready));
            m_nextInline = m_nextBatched;
        }
        block = std::move(m_taken.front());
        m_taken.pop_front();
        m_heldTraceBytes += block.bytes;
        return block;
    }
    if (!m_worker.joinable()) {
        block = runBlock(m_nextInline++);
        m_heldTraceBytes += block.bytes;
        return block;
    }
    if (m_taken.empty()) {
        // Every block queued, up to kHandOver, under one lock (the worker takes the same lock for each batch), and
        // the traces given back since the last time go to the pool.
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return !m_queue.empty(); });
        std::move(m_returned.begin(), m_returned.end(), std::back_inserter(m_pool));
        m_returned.clear();
        const std::size_t count = std::min(m_queue.size(), kHandOver);
        for (std::size_t i = 0; i < count; ++i) {
            m_heldTraceBytes += m_queue.front().bytes;
            m_taken.push_back(std::move(m_queue.front()));
            m_queue.pop_front();
        }
        // The worker rests until the queue is down to its waking size (waitForRoom): wake it then, not for every
        // block taken.
        const bool room = m_resting && m_queue.size() <= m_wakeAt;
        lock.unlock();
        if (room)
            m_changed.notify_all();
    }
    block = std::move(m_taken.front());
    m_taken.pop_front();
    return block;
}

void BlockSource::markWorkerDone()
{
    const std::scoped_lock lock(m_mutex);
    m_workerDone = true;
}

bool BlockSource::ahead()
{
    if (!m_worker.joinable())
        return true;
    const std::scoped_lock lock(m_mutex);
    return m_workerDone || m_resting;
}

std::uint64_t BlockSource::rests()
{
    const std::scoped_lock lock(m_mutex);
    return m_rests;
}

void BlockSource::recycle(std::vector<WarpTrace> traces)
{
    if (m_worker.joinable()) { // to the pool with the next blocks taken (next)
        m_returned.push_back(std::move(traces));
        return;
    }
    m_pool.push_back(std::move(traces));
}

void BlockSource::finish()
{
    if (m_worker.joinable())
        m_worker.join();
}

Error traceLimitError(const std::string& who, std::uint64_t warpInstructions, std::uint64_t limitBytes)
{
    return Error {ErrorCode::InvalidArgument,
        who + " stopped after " + std::to_string(warpInstructions)
            + " warp instructions: the timing model's instruction traces outgrew this launch's limit of "
            + std::to_string(limitBytes >> 20) + " MiB (a loop that never ends? --functional runs without traces)"};
}

} // namespace engine::timing
