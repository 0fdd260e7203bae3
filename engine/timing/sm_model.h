#pragma once

#include "engine/common/host_cache.h"
#include "engine/device/device_profile.h"
#include "engine/timing/async_groups.h"
#include "engine/timing/interval_recorder.h"
#include "engine/timing/mbarrier_phases.h"
#include "engine/timing/memory_hierarchy.h"
#include "engine/timing/pipe_class.h"
#include "engine/timing/scoreboard.h"
#include "engine/timing/static_instruction.h"
#include "engine/timing/warp_scheduler.h"
#include "engine/timing/warp_trace.h"
#include "engine/trace/warp_state.h"

#include <array>
#include <limits>
#include <memory>
#include <span>
#include <vector>

namespace engine::timing {

inline constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();
inline constexpr std::uint8_t kLsuPipe = static_cast<std::uint8_t>(kPipeCount);

/// What every SM of a launch shares (read-only except the memory hierarchy and the interval recorder).
struct SmContext {
    const StaticInstruction* statics = nullptr; ///< the module's flat instruction table (TraceOp::instruction)
    const PipeTiming* pipes = nullptr;
    MemoryHierarchy* memory = nullptr;
    IntervalRecorder* intervals = nullptr;
    SchedulerPolicy policy = SchedulerPolicy::GreedyThenOldest;
    std::uint32_t schedulers = 1;
    std::uint32_t warpsPerBlock = 1;
    std::uint32_t blocksPerSm = 1;
    /// Block slots an SM sets up when its first block arrives: the most blocks one SM holds at once in this launch,
    /// min(blocksPerSm, the grid's blocks over the SMs, rounded up) — the first wave deals blocks to the SMs in turn
    /// and a later block only takes a retired one's slot. A launch of a few blocks zeroes no warps it cannot have.
    std::uint32_t blockSlots = 1;
    std::uint64_t blockLaunchCycles = 0;
    std::uint64_t blockReplacementCycles = 0; ///< profile timing.block_replacement_cycles
    std::uint64_t branchTakenCycles = 1; ///< a taken branch to the warp's next issue (profile class "branch")
    bool attributeTraffic = false; ///< count each block's DRAM and cache traffic (FinishedBlock::traffic; sampling)
    std::uint32_t registers = 0; ///< registerCount(statics): the registers a warp's scoreboard may hold
};

/// A block whose warps have all finished; its traces go back to the dispatcher for reuse.
struct FinishedBlock {
    std::uint64_t finishCycle = 0;
    std::vector<WarpTrace> traces;
    MemoryTraffic traffic; ///< the DRAM bytes and cache sectors its accesses caused, when SmContext::attributeTraffic
    std::uint32_t slot = 0; ///< the SM's block slot it held
};

/// One SM: resident blocks, their warps, the warp schedulers (warp slot s belongs to scheduler
/// s mod schedulers, as warps are spread over the SM's processing blocks from CC 7.0 on — V100 whitepaper),
/// per-scheduler execution pipes and the SM's load/store unit. Advanced one issue cycle at a time by the
/// launch's event loop, or window by window on whichever thread of SmWindowStepper takes it: a step touches
/// only this SM's state, its L1 and its queue below the L1 (MemoryHierarchy::deferBelowL1).
class alignas(kThreadPrivateAlign) SmModel {
public:
    SmModel(std::uint32_t id, const SmContext& context);

    /// Makes this SM what SmModel(id, context) makes, but for the capacity of its arrays and its schedulers' policies
    /// (SmModelPool: the SMs of a finished launch serve the next one).
    void reuse(std::uint32_t id, const SmContext& context);
    /// Frees what its blocks still hold (their traces), keeping its arrays' capacity, before it waits for reuse.
    void release();

    /// Makes block `linear` resident at `now` with the traces of its warps (from the functional run); `replacing`:
    /// it takes the slot of a block that retired at `now` (and starts block_replacement_cycles later).
    void addBlock(std::uint64_t linear, std::vector<WarpTrace> traces, std::uint64_t now, std::uint64_t& age,
        bool replacing = false);
    /// addBlock in two halves, for windowed stepping: the launch's thread decides when the block starts (and the
    /// ages of its warps), and the SM's own thread makes it resident before its next step (startQueuedBlocks), so
    /// that the SM's warps, scoreboards and slots stay in that thread's caches. Nothing else happens to the SM in
    /// between, so the result is addBlock's.
    void queueBlock(std::uint64_t linear, std::vector<WarpTrace> traces, std::uint64_t now, std::uint64_t& age,
        bool replacing = false);
    void startQueuedBlocks();
    /// What the SM's window starts with on its home thread (SmWindowStepper): the queued blocks started, and its
    /// warps' next operations and scoreboards asked of the host's memory. Changes nothing the model sees but
    /// startQueuedBlocks.
    void beginWindow();
    /// Issues what the schedulers can at cycle `now`; returns the next cycle something may happen (kNever:
    /// nothing resident can progress).
    std::uint64_t step(std::uint64_t now);
    std::vector<FinishedBlock>& finished() { return m_finished; }
    /// The earliest cycle something may happen (what the last step returned, lowered by addBlock and settle).
    std::uint64_t nextWake() const;
    /// Windowed stepping: the window ending at `windowEnd` has settled (MemoryHierarchy::settleWindow); the
    /// tickets this SM's loads and atomics got become cycles in its scoreboards, warps and blocks, and blocks
    /// that were waiting only for them finish.
    void settle(std::uint64_t windowEnd);
    /// Hands the warp state intervals recorded since the last call to the launch's recorder (the SM's thread
    /// keeps them apart until the launch's thread takes them, in SM order).
    void drainIntervals(IntervalRecorder& recorder);

    std::uint64_t warpInstructions() const { return m_issued; }
    /// Integrals of resident warps over time, for achieved occupancy (cycles with at least one warp).
    double residentWarpCycles() const { return m_warpCycles; }
    std::uint64_t activeCycles() const { return m_activeCycles; }
    void accumulate(std::uint64_t now);

private:
    struct Block {
        bool used = false;
        std::uint64_t linear = 0;
        std::vector<WarpTrace> traces;
        std::uint32_t live = 0;
        std::uint32_t arrived = 0;
        std::uint64_t finish = 0;
        MemoryTraffic traffic;
        MbarrierPhases phases; ///< its mbarriers' phases (sm_async.cpp)
        std::uint32_t pendingResults = 0; ///< tickets of its finished warps not settled yet: it cannot retire
    };
    struct Warp {
        bool active = false;
        bool atBarrier = false;
        std::uint32_t block = 0;
        std::uint32_t index = 0; ///< warp index in its block
        std::uint64_t age = 0;
        /// The next TraceOp of the warp's trace, its end, and the trace's transactions: pointers into the block's
        /// traces (which stay put while the block is resident), so an issue does not walk block → trace → op.
        const TraceOp* head = nullptr;
        const TraceOp* end = nullptr;
        const MemTxn* txns = nullptr; ///< the head op's first transaction (ops take theirs in order)
        const StaticInstruction* headStatic = nullptr; ///< of *head
        TraceOp headOp; ///< a copy of *head: the trace is far from the host's caches by the time the op issues
        std::uint64_t nextIssue = 0;
        std::uint64_t lastIssue = 0;
        std::uint64_t lastCompletion = 0;
        RegisterWait dependency;
        std::uint8_t headPipe = 0; ///< the head instruction's pipe, or kLsuPipe for a memory access
        WarpState state = WarpState::Idle;
        std::uint64_t stateStart = 0;
        bool atMbarrier = false; ///< waiting for the mbarrier phase mbarrierKey (sm_async.cpp)
        std::uint64_t mbarrierKey = 0;
        std::uint64_t asyncWaitUntil = 0; ///< a wait for copies or a phase holds the warp until this cycle
        AsyncGroups copies; ///< cp.async groups
        AsyncGroups bulkCopies; ///< cp.async.bulk groups
        const MbarrierMark* mark = nullptr; ///< the warp's next mbarrier mark, and the end of them
        const MbarrierMark* markEnd = nullptr;
        std::uint32_t pendingResults = 0; ///< its loads' and atomics' tickets not settled yet (windowed)
    };
    /// A ticket an instruction of warp slot `slot` got this window.
    struct PendingResult {
        std::uint32_t slot = 0;
        std::uint64_t ticket = 0;
    };

    /// What a scheduler's scan reads of a warp, kept apart from Warp in small scheduler-major arrays (one per
    /// field) so the scan of every step touches a few cache lines and has no branch per warp: the earliest
    /// cycle it may issue ignoring its pipe (kNever while inactive or at a barrier), its head instruction's
    /// pipe (kLsuPipe for a memory access), and its age.
    std::size_t wakeIndex(std::uint32_t slot) const { return (slot % m_ctx.schedulers) * m_perScheduler + slot / m_ctx.schedulers; }
    void syncWake(const Warp& w, std::uint32_t slot);
    void updateScanLength();
    struct QueuedBlock {
        std::uint64_t linear = 0;
        std::vector<WarpTrace> traces;
        std::uint64_t now = 0;
        std::uint64_t start = 0;
        std::uint64_t age = 0; ///< its first warp's
    };
    void startBlock(QueuedBlock& queued);
    std::uint64_t wakeCycle(std::size_t index, std::uint32_t scheduler) const;
    void setLsuFree(std::uint64_t cycle);
    void refreshHead(Warp& w, std::uint32_t slot, std::uint64_t now);
    std::uint64_t issueOne(std::uint32_t scheduler, std::uint64_t now);
    void issue(std::uint32_t slot, std::uint64_t now);
    std::uint64_t execute(Warp& w, std::uint32_t slot, const TraceOp& op, std::uint64_t now);
    void advance(Warp& w, std::uint32_t slot, std::uint64_t now);
    void arriveAtBarrier(Warp& w, std::uint64_t now);
    /// cp.async groups and mbarrier phases (PTX ISA 8.5 §9.7.9.25, §9.7.13.15) for the op just issued, whose
    /// data arrive at `ready`; in sm_async.cpp.
    void applyAsync(Warp& w, const StaticInstruction& st, std::uint64_t ready, std::uint64_t now);
    void holdAsync(Warp& w, std::uint64_t until);
    void releaseMbarrier(std::uint32_t blockSlot, std::uint64_t key, std::uint64_t cycle);
    void expectPhases(Block& block);
    void releaseBarrier(Block& block, std::uint32_t blockSlot, std::uint64_t now);
    void finishWarp(Warp& w, std::uint32_t slot, std::uint64_t now);
    void retireBlock(Block& block);
    void settleWarp(const PendingResult& pending, std::uint64_t cycle);
    /// Sampling: adds what each block's requests cost below the L1 in the window just settled.
    void chargeWindowTraffic();
    WarpState waitingState(const Warp& w, std::uint32_t slot, std::uint64_t now) const;
    void recordStates(std::uint64_t now);
    void markIssued(Warp& w, std::uint32_t slot, std::uint64_t now);
    void emit(const Warp& w, std::uint32_t slot, WarpState state, std::uint64_t start, std::uint64_t end);
    void allocateSlots();

    std::uint32_t m_id;
    SmContext m_ctx; ///< a copy: the SM outlives its launch in SmModelPool
    std::vector<Block> m_blocks;
    std::vector<Warp> m_warps; ///< slot = block slot × warps per block + warp index
    std::vector<std::uint8_t> m_scoreboardPositions; ///< every slot's scoreboard positions, SmContext::registers each
    /// Per slot; apart from Warp so the schedulers' scans stay small. Default-initialized, not value-initialized as a
    /// vector's would be: a scoreboard's entries are read only up to its count, so zeroing them all is wasted.
    std::unique_ptr<Scoreboard[]> m_scoreboards;
    std::size_t m_scoreboardCapacity = 0; ///< of m_scoreboards, which a reused SM keeps
    std::uint32_t m_perScheduler = 1; ///< warp slots per scheduler (rounded up)
    /// Entries of each scheduler's arrays a scan reads: those of the block slots up to the highest one in use (the
    /// rest hold no warp). Blocks take the lowest free slot, so a launch of few blocks per SM scans few entries.
    std::uint32_t m_scanLength = 0;
    std::vector<std::uint64_t> m_wakeReadyAt; ///< scheduler-major, m_perScheduler entries per scheduler
    std::vector<std::uint64_t> m_wakeAge;
    std::vector<std::uint8_t> m_wakePipe;
    /// Per scheduler: when each pipe accepts its next instruction; entry kLsuPipe mirrors m_lsuFree.
    std::vector<std::array<std::uint64_t, kPipeCount + 1>> m_pipeFree;
    std::vector<std::unique_ptr<WarpSchedulerPolicy>> m_policies;
    std::vector<Candidate> m_ready; ///< one scheduler's ready warps during issueOne (m_perScheduler entries)
    std::vector<std::uint8_t> m_issuedNow;
    /// Per scheduler (the first SmContext::schedulers entries): no warp of it can issue before this cycle. In the SM
    /// itself: a launch builds every SM of the device, and an allocation each was a launch's most frequent one.
    std::array<std::uint64_t, TimingSpec::kMaxWarpSchedulersPerSm> m_wakeStore;
    std::span<std::uint64_t> schedulerWakes() { return { m_wakeStore.data(), m_ctx.schedulers }; }
    std::span<const std::uint64_t> schedulerWakes() const { return { m_wakeStore.data(), m_ctx.schedulers }; }
    std::uint64_t m_lsuFree = 0;
    std::uint64_t m_blockLaunchFree = 0;
    std::vector<FinishedBlock> m_finished;
    std::vector<QueuedBlock> m_queued; ///< queueBlock's, in order (their starts ascend)
    std::vector<PendingResult> m_pending; ///< this window's tickets
    std::vector<WarpInterval> m_emitted; ///< recorded intervals not yet drained
    std::uint64_t m_issued = 0;
    std::uint32_t m_residentWarps = 0;
    std::uint64_t m_lastAccumulate = 0;
    double m_warpCycles = 0;
    std::uint64_t m_activeCycles = 0;
    bool m_recording = false;
};

} // namespace engine::timing
