#pragma once

#include "engine/common/result.h"
#include "engine/simt/cta_runner.h"
#include "engine/timing/block_recorder.h"
#include "engine/timing/pooled_workers.h"
#include "engine/timing/speculative_slot.h"
#include "engine/timing/warp_trace.h"

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

namespace engine::timing {

/// The error that stops a launch whose instruction traces outgrew the limit: "`who` stopped after ...".
Error traceLimitError(const std::string& who, std::uint64_t warpInstructions, std::uint64_t limitBytes);

/// How many blocks the worker running them ahead may queue (BlockSource): as many blocks of `largestTraceBytes` as
/// BlockSource::kAheadBytes hold — a quarter of `traceBytesLimit` when that is lower (0: no limit) — at most
/// BlockSource::kMaxQueued, at least `least`.
std::size_t queuedBlocks(std::uint64_t largestTraceBytes, std::uint64_t traceBytesLimit, std::size_t least);

/// A block that ran functionally: its warps' instruction traces, or the error that stopped it.
struct ExecutedBlock {
    std::uint64_t linear = 0;
    std::vector<WarpTrace> traces;
    std::optional<Error> error;
    /// traceBytes(traces), counted on the thread that made them: the thread that takes the block (next(), on the
    /// launch's thread, one block after the other) then touches none of their records, which another core wrote.
    std::uint64_t bytes = 0;
};

/// A block that ran to its end with `traces` (ExecutedBlock::bytes counted here).
ExecutedBlock madeBlock(std::uint64_t linear, std::vector<WarpTrace> traces);

/// Runs a launch's blocks functionally and hands their traces to the timing model in linear order, in one of
/// three ways:
/// - Inline (one thread): a block runs when the timing model asks for it.
/// - Ahead: a worker thread runs the blocks one after the other and queues them (aheadCapacity) while the
///   timing model replays the earlier ones.
/// - Batches (kernels whose blocks may run apart, simt/block_independence.h): a worker thread runs batches of
///   blocks on several threads at once, each block against its own write overlay (SpeculativeSlot), and commits
///   them in linear order while the other threads run the next batch; a block that read what an earlier block of
///   its batch or of the batch before wrote, or that did not run to its end (a fault, the budget, the trace limit,
///   a stop), is run again the serial way, on the launch's memory itself, where it faults, stops or succeeds
///   exactly as the serial run would, and its batch ends there (the next one, run meanwhile, is dropped).
///
/// Why the results do not change: the functional run of a block never depends on the timing model. Blocks
/// are dispatched in linear order whatever SM takes them (timed_launch.cpp), so the serial run executes
/// them in linear order too. Ahead, the worker does exactly that, on the same CtaRunner, recorder and counters.
/// In batches, memory does not change while a batch runs: it holds every batch's writes but those of the batch
/// committed meanwhile, which reach it, in linear order, between the two batches' runs. So a block committed saw
/// every byte the serial run would have shown it: earlier batches' results, its own writes, and nothing of the
/// batch before or of its own (it read no byte that they and the blocks committed before it wrote); blocks that
/// write the same byte reach memory in linear order, the last one's value remaining, as serially; counters are
/// sums, added at commit. Memory contents, traces and every counter are therefore the serial run's, and the timing
/// model, which reads only the traces, computes the same cycles. Only the launch's host-memory bound differs: queued blocks hold traces beyond those the trace
/// limit counts, and a launch stopped by that limit may name another instruction count.
///
/// Not for sampled launches: sampling decides from the timing when to stop dispatching, and blocks run
/// ahead would already have written memory. The worker lives in this object; the counters it updates (the
/// runner's, the recorder's) may be read once finish() returned.
class BlockSource {
public:
    static constexpr std::size_t kAheadBlocks = 8;
    /// Blocks per batch and thread, and at most per batch.
    static constexpr std::size_t kBatchPerThread = 4;
    static constexpr std::size_t kMaxBatch = 64;
    /// Warp instructions a block run in a batch may issue before it is run again the serial way: at least this,
    /// and kSpeculativeGrowth times the longest block committed, within what is left of the launch's budget (a
    /// block that never ends then stops or runs on as it would serially, once).
    static constexpr std::uint64_t kSpeculativeInstructions = std::uint64_t { 1 } << 22;
    static constexpr std::uint64_t kSpeculativeGrowth = 8;
    /// The worker queues more than kAheadBlocks blocks (three batches) while their traces stay within this many
    /// bytes (a quarter of a lower trace limit), at most kMaxQueued blocks: it runs ahead while the SMs' threads
    /// are idle — the L2 pass, retiring blocks — so that they seldom wait for it. The blocks queued so far tell
    /// how large a block's traces are. Enough for a wave of blocks that all end at about the same time: bounded by a
    /// last-level cache's 32 MB instead, muld 1 024 × 512 × 512 on two threads (192 KB of traces a block, 170 queued
    /// instead of its 992 after the first wave) did less work but its SMs waited 0.35-0.41 s for blocks at the wave's
    /// end (bench/README.md, "Sixteenth round").
    static constexpr std::uint64_t kAheadBytes = std::uint64_t { 256 } << 20;
    static constexpr std::size_t kMaxQueued = 2048;
    /// Blocks next() takes from the queue under one lock, and traces takeRecycled() takes from the pool.
    static constexpr std::size_t kHandOver = 64;

    enum class Mode : std::uint8_t { Inline, Ahead, Batches };

    struct Inputs {
        simt::CtaRunner* runner = nullptr;
        BlockRecorder* recorder = nullptr;
        simt::IssueCounters* issue = nullptr;
        std::uint64_t* divergentBranches = nullptr; ///< the launch's total, updated after each block
        std::vector<simt::PcCounters>* perFunction = nullptr; ///< the launch's, which `runner` counts into
        std::uint64_t blockCount = 0;
        std::uint64_t traceBytesLimit = 0; ///< 0: unbounded
        std::stop_source stop; ///< the caller's cancellation, requested too when the traces outgrow the limit
        SpeculativeSlot::Launch launch; ///< Batches: what each slot needs
        unsigned threads = 1; ///< Batches: threads that run a batch, this source's worker included
        /// Batches: the leading blocks run in batches; the worker runs the rest one by one, as Ahead (a pipeline of
        /// two threads batches only the first wave, which the SMs wait for before they start).
        std::uint64_t batchedBlocks = ~std::uint64_t { 0 };
        /// Batches: next() commits each batch when it needs its blocks, on the caller's thread, the next one running
        /// on the workers meanwhile and until the next call, with no thread of this source's own. For a grid of one wave, taken whole before the SMs step: that thread
        /// would overlap nothing, and starting and ending it cost more than PolyBench jacobi1d's launches did.
        bool batchesOnCaller = false;
    };

    BlockSource(Inputs inputs, Mode mode);
    ~BlockSource();
    BlockSource(const BlockSource&) = delete;
    BlockSource& operator=(const BlockSource&) = delete;

    /// The next block in linear order (waits for the worker when ahead). Call at most blockCount times.
    ExecutedBlock next();
    /// Gives back the traces of a finished block for reuse (they keep counting as held).
    void recycle(std::vector<WarpTrace> traces);
    /// Waits for the worker to end; afterwards the runner's and recorder's counters are final.
    void finish();

    /// Whether the worker rests (its queue full: waitForRoom), or has run its last block, or there is none: a thread
    /// that shares a core with it then takes nothing from it, and nothing the timing model is about to wait for. On
    /// the caller's thread.
    bool ahead();

    /// While the worker rests for room in its queue, and once it ran its last block, it calls `help` over and over
    /// instead of sleeping (pausing while `help` finds nothing to do): the pipeline of two threads lends it to the
    /// SMs' windows (SmWindowStepper::helpOne), the second core's only other thread. Empty: it sleeps while it rests,
    /// and ends after its last block. On the caller's thread; returns once the worker no longer runs the `help`
    /// before.
    void helpWhileResting(std::function<bool()> help);

    /// Batches: lends the batches' threads 1 to `lent` - 1 to `help` while they have no block to run
    /// (WindowWorkers::lendIdle); empty: no longer. Returns once none runs the `help` before.
    void lendBatchThreads(std::function<bool(std::size_t self)> help, std::size_t lent);
    /// Lends only the batches' threads 1 to `lent` - 1 from now on (WindowWorkers::narrowLent).
    void narrowLentBatchThreads(std::size_t lent);
    /// The threads that run batches (Batches), the one that commits them included; 0 for the other modes.
    std::size_t batchThreads() const { return m_workers ? (*m_workers)->threads() : 0; }
    /// Whether the batches are committed on a thread of this source's own (Batches, not batchesOnCaller).
    bool commitsOnOwnThread() const { return m_workers && m_worker.joinable(); }

    /// Blocks of batches that were run again the serial way (Batches).
    std::uint64_t rerunBlocks() const { return m_rerun; }
    /// Times the worker rested for room in its queue so far (waitForRoom).
    std::uint64_t rests();
    /// After finish(): the worker's seconds running blocks, and those of every thread that ran them (HostPhases::
    /// blocksAhead, blocksAheadBusy); 0 without a worker.
    double aheadSeconds() const { return m_aheadSeconds; }
    double aheadBusySeconds() const;
    /// After finish(): of aheadSeconds, the worker's alone — commits, blocks run again or one by one
    /// (HostPhases::blocksCommitting).
    double committingSeconds() const { return m_aheadSeconds == 0 ? 0 : m_commitSeconds; }

private:
    ExecutedBlock runBlock(std::uint64_t linear);
    /// Ahead: runs blocks [first, blockCount) one by one into the queue.
    void work(const std::stop_token& stop, std::uint64_t first);
    void markWorkerDone();
    /// The worker, before it runs `count` blocks: when the queue has no room for them, rests until it holds at most
    /// half its capacity (`half`) or room for them again (batches: the SMs' threads take their cores meanwhile).
    /// False when stopped.
    bool waitForRoom(const std::stop_token& stop, std::size_t count, bool half);
    /// waitForRoom's rest while the worker helps (helpWhileResting), under `lock` (m_mutex) but while it helps.
    bool helpUntilRoom(std::unique_lock<std::mutex>& lock, const std::stop_token& stop);
    /// The worker after its last block: helps until it is no longer lent (helpWhileResting) or stopped.
    void helpUntilTaken(const std::stop_token& stop);
    /// One call of the help lent (helpWhileResting); a spin's turn (`turn`, counted from 1) when it found no work.
    void helpOnce(unsigned& turn);
    void workBatches(const std::stop_token& stop);
    /// One batch of blocks run at once on m_workers' threads (Batches): its slots, one per block, and its last run.
    struct Batch {
        std::vector<std::unique_ptr<SpeculativeSlot>> slots;
        std::uint64_t first = 0;
        std::size_t running = 0; ///< blocks begun (beginBatch) and not yet committed or dropped
        std::size_t unwritten = 0; ///< its first blocks, committed, whose writes memory does not hold yet
        simt::WrittenPages written; ///< what its blocks committed so far wrote
        /// The allocations blocks had written when it began (m_writtenAllocations): its blocks' loads mark the bytes
        /// they read of those, and read the others whole (simt::WriteOverlay::readWholeUnwritten); every byte while
        /// no batch has ended (`markAll`), which tells what the kernel writes.
        std::vector<std::uint64_t> known;
        bool markAll = true;
        std::stop_source stop; ///< a block past the trace limit stops its batch, not the launch
        std::optional<std::stop_callback<std::function<void()>>> cancel; ///< the launch's stop, forwarded to `stop`
        WindowWorkers::Job job;
    };
    /// Starts `batch` on the other threads with the blocks from m_nextBatched on (as many as it has slots, within
    /// the batched blocks) and returns.
    void beginBatch(Batch& batch);
    /// The next batch's blocks: waits for it to run (begun by the call before, or now), writes the batch before into
    /// memory, begins the one after on the other threads and meanwhile commits this one in order up to the first
    /// block that must run again, which it runs the serial way; returns the blocks committed, that one last.
    std::vector<ExecutedBlock> nextBatch();
    /// Whether blocks are left to run in batches, or a batch was begun and not yet committed.
    bool batchesLeft() const;
    /// The first block not run in batches (Inputs::batchedBlocks, within the launch's).
    std::uint64_t batchedEnd() const;
    /// Writes into memory what the committed blocks of `batch` wrote, in order.
    static void writeBack(Batch& batch);
    /// Adds the allocations that the blocks `batch` ran wrote to m_writtenAllocations.
    void noteWrittenAllocations(const Batch& batch);
    /// Waits for the batch begun and not yet committed, if any, to end (before its slots may go).
    void finishRunning();
    /// The worker's queue capacity once `queued` is queued (queuedBlocks, with the largest block's traces so far).
    std::size_t aheadCapacity(const ExecutedBlock& queued, std::size_t least);
    /// The warp-instruction bound of a block run in a batch (SpeculativeSlot::run).
    std::uint64_t speculativeBudget() const;
    /// The trace-byte bound of the next block: the launch's limit less the traces held (0: none).
    std::uint64_t traceBytesLeft() const;
    /// A retired block's traces for reuse, if any (no longer counted as held).
    std::vector<WarpTrace> takeRecycled();

    Inputs m_in;
    std::uint64_t m_nextInline = 0;
    std::uint64_t m_nextBatched = 0; ///< Batches: the first block no batch has begun with
    std::size_t m_capacity = kAheadBlocks; ///< blocks the worker may queue
    bool m_resting = false; ///< the worker waits for room in its queue (under m_mutex)
    std::size_t m_wakeAt = 0; ///< the queue's size at which a resting worker runs again (under m_mutex)
    std::uint64_t m_rests = 0; ///< under m_mutex
    bool m_workerDone = false; ///< the worker ended: its last block queued, or it stopped (under m_mutex)
    /// Batches: one committed while the other runs, on m_workers' threads but this source's own (the worker's, or
    /// the caller's: Inputs::batchesOnCaller), which commits.
    std::array<Batch, 2> m_batches;
    std::size_t m_current = 0; ///< the batch nextBatch() commits next, begun already when its `running` is not 0
    simt::WrittenPages m_missed; ///< what the batch it commits could not see: the writes of the batch before
    /// Every allocation a block run in a batch wrote so far, each once (noteWrittenAllocations): a batch begun marks
    /// its blocks' loads of these only (all of them in the first batch). An allocation a block writes first after
    /// the first batch is read whole by the batches begun before that block's batch ended, which is found when they
    /// commit: they run again from there.
    std::vector<std::uint64_t> m_writtenAllocations;
    bool m_writesSeen = false; ///< a batch has ended: m_writtenAllocations holds what it wrote
    std::optional<PooledWorkers> m_workers; ///< Batches
    WindowWorkers::Home m_home; ///< Batches: slot i's thread, never the one that commits
    std::uint64_t m_longestBlock = 0; ///< Batches: warp instructions of the longest block committed
    std::uint64_t m_largestTraces = 0; ///< trace bytes of the largest block queued
    std::uint64_t m_rerun = 0;
    double m_aheadSeconds = 0; ///< the worker's, running blocks
    double m_commitSeconds = 0; ///< the worker's alone: committing batches, running blocks again or one by one
    std::mutex m_helpMutex; ///< held by the worker while it helps, and to change m_help
    std::function<bool()> m_help; ///< under m_helpMutex
    std::atomic<bool> m_lent { false }; ///< m_help is set
    std::mutex m_mutex;
    std::condition_variable_any m_changed;
    std::deque<ExecutedBlock> m_queue; ///< run, not yet taken (ahead)
    std::vector<std::vector<WarpTrace>> m_pool; ///< traces of retired blocks, for reuse
    // Without the lock: blocks next() took from the queue and traces recycle() was given, on the caller's thread;
    // traces takeRecycled took from the pool, on the thread that runs the blocks.
    std::deque<ExecutedBlock> m_taken;
    std::vector<std::vector<WarpTrace>> m_returned;
    std::vector<std::vector<WarpTrace>> m_stash;
    /// Host bytes of the traces outside the recorder and the queue: resident blocks' and the pool's.
    std::atomic<std::uint64_t> m_heldTraceBytes {0};
    std::jthread m_worker;
};

} // namespace engine::timing
