#pragma once

#include "engine/device/device_profile.h"
#include "engine/memory/global_coalescer.h"
#include "engine/memory/shared_bank_model.h"
#include "engine/profiling/request_sampler.h"
#include "engine/simt/execution_observer.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace engine {

/// Global and shared memory counters of one launch, in the `run --json` units of DESIGN.md: requests are
/// warp-level instructions, sectors 32-byte sectors, transactions the generation's own unit, wavefronts
/// the serialized shared-memory passes.
struct MemoryCounterTotals {
    std::uint64_t globalLoadRequests = 0;
    std::uint64_t globalLoadSectors = 0;
    std::uint64_t globalLoadTransactions = 0;
    std::uint64_t globalLoadBytesRequested = 0;
    std::uint64_t globalLoadBytesMoved = 0;
    std::uint64_t globalStoreRequests = 0;
    std::uint64_t globalStoreSectors = 0;
    std::uint64_t globalStoreTransactions = 0;
    std::uint64_t globalStoreBytesRequested = 0;
    std::uint64_t globalStoreBytesMoved = 0;
    std::uint64_t sharedLoadRequests = 0;
    std::uint64_t sharedLoadWavefronts = 0;
    std::uint64_t sharedStoreRequests = 0;
    std::uint64_t sharedStoreWavefronts = 0;
    /// The wavefronts the same shared accesses would take without bank conflicts (BankConflictResult's
    /// idealWavefronts): more than the requests for wide (8- or 16-byte) accesses; the rest are conflicts.
    std::uint64_t sharedLoadIdealWavefronts = 0;
    std::uint64_t sharedStoreIdealWavefronts = 0;

    /// Requested ÷ moved bytes of loads and stores (nvprof's gld_efficiency / gst_efficiency); 1 when none.
    double loadEfficiency() const;
    double storeEfficiency() const;
};

/// Shared, over block 0's requests of one PC (a sample, like RequestSampler's, that keeps the cost of counting
/// off the other blocks): per bank, the passes in which it served the PC (a lane counts in the bank of its first
/// word), and the requests that touched it; their ratio is 1 on a bank that conflict-free requests touch, n on a
/// bank that n-way conflicts serialize. The Bank Heat Map draws it.
struct BankCounts {
    std::array<std::uint64_t, 32> passes {};
    std::array<std::uint64_t, 32> requests {};
};

/// Per-PC memory counters of the kernel function (PC = instruction index).
struct PcMemoryCounters {
    std::uint64_t requests = 0;
    std::uint64_t sectors = 0; ///< global: 32-byte sectors
    std::uint64_t transactions = 0; ///< global: the generation's unit
    std::uint64_t wavefronts = 0; ///< shared
    /// Null where block 0 made no shared request: most PCs, which so cost a launch no 512 bytes each to make,
    /// fill and reorder (bench/README.md, "Eighteenth round").
    std::shared_ptr<const BankCounts> banks;
};

/// What one global access adds to the counters: an access moved by whole lines adds the same (its sectors, lines
/// and transactions move with it), which a recorder that meets it again keeps (timing/global_access_memo.h).
struct GlobalAccessCounts {
    std::uint64_t requests = 0;
    std::uint64_t sectors = 0;
    std::uint64_t transactions = 0;
    std::uint64_t bytesRequested = 0;
    std::uint64_t bytesMoved = 0;
};

/// An ExecutionObserver that runs every global and shared access of a launch through the device
/// generation's coalescing and bank rules (engine/memory) and counts the results, per launch and per PC.
/// Atomic counters: safe when the executor calls it from several threads.
class MemoryCounters final : public simt::ExecutionObserver {
public:
    /// Who counts into it: several threads at once, or one at a time (whose counts need no locked additions;
    /// what other threads read stays whole either way).
    enum class Writers { Many, One };

    MemoryCounters(const DeviceProfile& profile, std::uint32_t kernelFunction, std::size_t instructionCount,
        Writers writers = Writers::Many);

    void onMemory(const simt::MemoryEvent& event) override;
    /// onMemory for a global access whose touched 32-byte sectors the caller has collected
    /// (collectTouchedBlocks(access, access.activeMask, 32, sectors), `access` the event's), so that a recorder
    /// that needs them too collects them once. What the access added, when it counts.
    std::optional<GlobalAccessCounts> onGlobalSectors(
        const simt::MemoryEvent& event, const WarpAccess& access, const TouchedBlocks& sectors);
    /// onGlobalSectors for an access that adds `counts`, what an earlier one that it is moved by whole lines added.
    void onGlobalCounts(const simt::MemoryEvent& event, const GlobalAccessCounts& counts);
    /// onMemory for a shared-memory access whose bank passes the caller has resolved with this device's
    /// model (makeSharedBankModel(profile)), so that a recorder counting the same access resolves it once.
    void onSharedResolved(const simt::MemoryEvent& event, const BankConflictResult& result);

    /// Adds every count and the sampled requests to `target` and sets these to zero: the counters of a block run
    /// apart from its launch's (timing/speculative_slot.h), committed. Not while either is being counted into.
    void moveInto(MemoryCounters& target);
    /// Sets every count to zero and forgets the sampled requests.
    void clear();

    MemoryCounterTotals totals() const;
    std::vector<PcMemoryCounters> perPc() const;
    /// Block 0's requests of the kernel function, whole (request_sampler.h).
    const RequestSampler& sampled() const { return m_sampler; }

private:
    struct AtomicBanks {
        std::array<std::atomic<std::uint64_t>, 32> passes {};
        std::array<std::atomic<std::uint64_t>, 32> requests {};
    };
    struct AtomicPc {
        std::atomic<std::uint64_t> requests { 0 }, sectors { 0 }, transactions { 0 }, wavefronts { 0 };
        /// Made at block 0's first shared request at the PC. Block 0 runs on one thread, so only that thread makes
        /// and counts into it; moveInto and clear run while nothing counts.
        std::unique_ptr<AtomicBanks> banks;
    };
    enum Total : std::size_t {
        LoadRequests, LoadSectors, LoadTransactions, LoadRequested, LoadMoved,
        StoreRequests, StoreSectors, StoreTransactions, StoreRequested, StoreMoved,
        SharedLoadRequests, SharedLoadWavefronts, SharedStoreRequests, SharedStoreWavefronts,
        SharedLoadIdealWavefronts, SharedStoreIdealWavefronts, TotalCount
    };

    GlobalAccessCounts countGlobal(const simt::MemoryEvent& event, const WarpAccess& access, const TouchedBlocks* sectors);
    void addGlobal(const simt::MemoryEvent& event, const GlobalAccessCounts& counts);
    static bool counts(const simt::MemoryEvent& event);
    void countShared(const simt::MemoryEvent& event, const BankConflictResult& result, AtomicPc* pc);
    AtomicPc* counted(const simt::MemoryEvent& event);
    void countBankPasses(std::uint32_t activeMask, const BankConflictResult& result, AtomicPc& pc);
    void add(Total total, std::uint64_t value) { add(m_totals[total], value); }
    void add(std::atomic<std::uint64_t>& counter, std::uint64_t value)
    {
        if (m_writers == Writers::One)
            counter.store(counter.load(std::memory_order_relaxed) + value, std::memory_order_relaxed);
        else
            counter.fetch_add(value, std::memory_order_relaxed);
    }

    std::unique_ptr<GlobalCoalescer> m_coalescer;
    std::unique_ptr<SharedBankModel> m_banks;
    std::uint32_t m_kernelFunction;
    Writers m_writers;
    std::vector<AtomicPc> m_perPc;
    std::array<std::atomic<std::uint64_t>, TotalCount> m_totals {};
    RequestSampler m_sampler;
};

} // namespace engine
