#pragma once

#include "engine/memory/global_coalescer.h"
#include "engine/memory/shared_bank_memo.h"
#include "engine/memory/shared_bank_model.h"
#include "engine/profiling/memory_counters.h"
#include "engine/ptx/module.h"
#include "engine/simt/execution_observer.h"
#include "engine/timing/global_access_memo.h"
#include "engine/timing/warp_trace.h"

#include <memory>
#include <stop_token>
#include <unordered_map>
#include <utility>
#include <vector>

namespace engine::timing {

/// The most active lanes of `event` whose address is one and the same, among the addresses in [base, base +
/// bytes): what a same-address atomic serializes. `lanes`: a mask holding at least the active lanes whose address
/// is in that range (those of one line: the range's lanes only are looked at, not the warp's for every line).
std::uint16_t mostLanesOnOneAddress(
    const simt::MemoryEvent& event, std::uint64_t base, std::uint64_t bytes, std::uint32_t lanes = ~0u);

/// Records the instruction stream of every warp of the block being run functionally (issue 6: the block
/// runs whole, up front, then its warps are timed), turning each global access into line/sector requests
/// (or the coalescer's segments on devices without caches) and each shared access into bank passes. It
/// also feeds every access to MemoryCounters, so the launch's counters are exactly the functional ones.
/// Lives on the timing model's thread.
class BlockRecorder final : public simt::ExecutionObserver {
public:
    BlockRecorder(const DeviceProfile& profile, const ptx::Module& module, std::uint32_t kernel,
        std::uint32_t warpsPerBlock);

    /// Hands out the traces of the block just run and takes `recycled` (cleared) for the next one.
    std::vector<WarpTrace> takeTraces(std::vector<WarpTrace> recycled);
    /// A cooperative launch runs every block at once (simt/cooperative_grid.h): from here on the recorder
    /// keeps the traces of `blocks` blocks apart, and takeBlockTraces hands out each block's.
    void holdAllBlocks(std::uint64_t blocks);
    std::vector<WarpTrace> takeBlockTraces(std::uint64_t block);

    void onIssue(const simt::IssueEvent& event) override;
    void onMemory(const simt::MemoryEvent& event) override;
    void onMbarrier(const simt::MbarrierEvent& event) override;

    /// Bounds the bytes the traces being recorded may hold: past `bytes` (checked every kTraceCheckInterval
    /// issues), traceOverLimit() turns true and `stop` is requested, so the functional run stops at its
    /// next slice.
    void limitTraceBytes(std::uint64_t bytes, std::stop_source stop);
    bool traceOverLimit() const { return m_traceOverLimit; }

    /// Adds the memory counters and requested bytes recorded here to `target`'s and sets these to zero: a block
    /// run apart (speculative_slot.h), committed to its launch's recorder.
    void moveCountersInto(BlockRecorder& target);
    /// Sets the memory counters and requested bytes to zero: a block run apart, dropped.
    void clearCounters();

    const MemoryCounters& counters() const { return m_counters; }
    std::uint64_t bytesRequested() const { return m_bytesRequested; }

private:
    void recordCachedGlobal(const simt::MemoryEvent& event, const TouchedBlocks& sectors, WarpTrace& trace, TraceOp& op);
    void recordSegments(const simt::MemoryEvent& event, const WarpAccess& access, const TouchedBlocks& sectors,
        WarpTrace& trace, TraceOp& op);
    void recordShared(const simt::MemoryEvent& event, const BankConflictResult& result, TraceOp& op);
    bool cachesInL1(const simt::MemoryEvent& event) const;
    std::size_t slot(const simt::WarpRef& warp) const;
    /// Gives warp slot `s`'s empty trace the room its last block's took.
    void reserveExpected(std::size_t s);

    const DeviceProfile& m_profile;
    const ptx::Module& m_module;
    std::unique_ptr<GlobalCoalescer> m_coalescer;
    std::unique_ptr<SharedBankModel> m_banks;
    SharedBankMemo m_bankMemo; ///< answers m_banks gave, for accesses moved as a whole
    GlobalAccessMemo m_globalMemo; ///< sectors and transactions of global accesses, for accesses moved by lines
    MemoryCounters m_counters;
    std::vector<WarpTrace> m_traces;
    std::vector<std::uint32_t> m_functionBases; ///< functionBases(module)
    /// Per warp slot: the ops and transactions its trace held when last taken (reserveExpected).
    std::vector<std::pair<std::size_t, std::size_t>> m_expected;
    std::vector<std::uint32_t> m_opTxnStart; ///< per warp: WarpTrace::txns size when its last op was issued
    std::uint32_t m_warpsPerBlock = 0;
    bool m_allBlocks = false; ///< holdAllBlocks: traces indexed by block * warps + warp
    std::uint32_t m_lineBytes = 128;
    std::uint64_t m_lineMask = 0; ///< ~(m_lineBytes - 1) when that is a power of two (a mask, not a division)
    bool m_cached = false; ///< the device has an L2 (CC 2.0 and later)
    std::uint64_t m_bytesRequested = 0;
    std::uint64_t m_traceBytesLimit = 0; ///< 0: unbounded
    std::stop_source m_traceStop { std::nostopstate };
    std::uint32_t m_issuesSinceCheck = 0;
    bool m_traceOverLimit = false;
    /// (block << 24 | shared offset) -> the number of that mbarrier's current phase (MbarrierMark::key).
    std::unordered_map<std::uint64_t, std::uint32_t> m_mbarrierPhase;
};

} // namespace engine::timing
