#include "engine/profiling/memory_counters.h"

#include <algorithm>
#include <bit>

namespace engine {

namespace {

double ratio(std::uint64_t requested, std::uint64_t moved)
{
    return moved == 0 ? 1.0 : static_cast<double>(requested) / static_cast<double>(moved);
}

WarpAccess toWarpAccess(const simt::MemoryEvent& event)
{
    WarpAccess access;
    access.laneAddresses = *event.laneAddresses;
    access.activeMask = event.activeMask;
    access.bytesPerLane = static_cast<int>(event.bytesPerLane);
    access.kind = event.op == simt::MemoryOp::Store ? AccessKind::Store : AccessKind::Load;
    return access;
}

} // namespace

double MemoryCounterTotals::loadEfficiency() const
{
    return ratio(globalLoadBytesRequested, globalLoadBytesMoved);
}

double MemoryCounterTotals::storeEfficiency() const
{
    return ratio(globalStoreBytesRequested, globalStoreBytesMoved);
}

MemoryCounters::MemoryCounters(const DeviceProfile& profile, std::uint32_t kernelFunction, std::size_t instructionCount,
    Writers writers)
    : m_coalescer(makeGlobalCoalescer(profile))
    , m_banks(makeSharedBankModel(profile))
    , m_kernelFunction(kernelFunction)
    , m_writers(writers)
    , m_perPc(instructionCount)
{
}

MemoryCounters::AtomicPc* MemoryCounters::counted(const simt::MemoryEvent& event)
{
    return event.function == m_kernelFunction && event.pc < m_perPc.size() ? &m_perPc[event.pc] : nullptr;
}

bool MemoryCounters::counts(const simt::MemoryEvent& event)
{
    // Atomics are counted by neither the ld nor the st counters (Nsight Compute keeps op_atom/op_red
    // apart), and instructions of called .func bodies have their own PCs, so only the kernel's are kept.
    return event.op != simt::MemoryOp::Atomic && event.activeMask != 0 && event.laneAddresses && !event.lsuUncounted;
}

void MemoryCounters::onMemory(const simt::MemoryEvent& event)
{
    if (!counts(event))
        return;
    if (event.space == simt::MemorySpace::Global) {
        countGlobal(event, toWarpAccess(event), nullptr);
    } else if (event.space == simt::MemorySpace::Shared) {
        BankConflictResult result;
        m_banks->resolve(toWarpAccess(event), result);
        countShared(event, result, counted(event));
    }
}

void MemoryCounters::onSharedResolved(const simt::MemoryEvent& event, const BankConflictResult& result)
{
    if (counts(event))
        countShared(event, result, counted(event));
}

std::optional<GlobalAccessCounts> MemoryCounters::onGlobalSectors(const simt::MemoryEvent& event,
    const WarpAccess& access, const TouchedBlocks& sectors)
{
    if (!counts(event))
        return std::nullopt;
    return countGlobal(event, access, &sectors);
}

void MemoryCounters::onGlobalCounts(const simt::MemoryEvent& event, const GlobalAccessCounts& delta)
{
    if (counts(event))
        addGlobal(event, delta);
}

GlobalAccessCounts MemoryCounters::countGlobal(
    const simt::MemoryEvent& event, const WarpAccess& access, const TouchedBlocks* sectors)
{
    CoalescingResult result;
    if (sectors)
        m_coalescer->coalesceSectors(access, *sectors, result);
    else
        m_coalescer->coalesce(access, result);
    const GlobalAccessCounts delta { static_cast<std::uint64_t>(result.requestCount),
        static_cast<std::uint64_t>(result.sectorCount), static_cast<std::uint64_t>(result.transactionCount),
        result.bytesRequested, result.bytesMoved };
    addGlobal(event, delta);
    return delta;
}

void MemoryCounters::addGlobal(const simt::MemoryEvent& event, const GlobalAccessCounts& delta)
{
    const bool store = event.op == simt::MemoryOp::Store;
    add(store ? StoreRequests : LoadRequests, delta.requests);
    add(store ? StoreSectors : LoadSectors, delta.sectors);
    add(store ? StoreTransactions : LoadTransactions, delta.transactions);
    add(store ? StoreRequested : LoadRequested, delta.bytesRequested);
    add(store ? StoreMoved : LoadMoved, delta.bytesMoved);
    if (AtomicPc* pc = counted(event)) {
        add(pc->requests, delta.requests);
        add(pc->sectors, delta.sectors);
        add(pc->transactions, delta.transactions);
        m_sampler.add(event, static_cast<std::uint32_t>(delta.transactions),
            static_cast<std::uint32_t>(delta.sectors), 1, static_cast<std::uint32_t>(delta.bytesRequested));
    }
}

void MemoryCounters::countShared(const simt::MemoryEvent& event, const BankConflictResult& result, AtomicPc* pc)
{
    const bool store = event.op == simt::MemoryOp::Store;
    const auto wavefronts = static_cast<std::uint64_t>(result.wavefronts);
    add(store ? SharedStoreRequests : SharedLoadRequests, 1);
    add(store ? SharedStoreWavefronts : SharedLoadWavefronts, wavefronts);
    add(store ? SharedStoreIdealWavefronts : SharedLoadIdealWavefronts,
        static_cast<std::uint64_t>(result.idealWavefronts));
    if (pc) {
        add(pc->requests, 1);
        add(pc->wavefronts, wavefronts);
        if (event.warp.blockLinear == 0) { // the sampler and the bank passes keep block 0's requests only
            countBankPasses(event.activeMask, result, *pc);
            const auto lanes = static_cast<std::uint32_t>(laneCount(event.activeMask));
            m_sampler.add(event, 0, 0, static_cast<std::uint32_t>(wavefronts), lanes * event.bytesPerLane);
        }
    }
}

void MemoryCounters::countBankPasses(std::uint32_t activeMask, const BankConflictResult& result, AtomicPc& pc)
{
    if (!pc.banks)
        pc.banks = std::make_unique<AtomicBanks>();
    std::array<std::uint64_t, 32> passes {}; // per bank, a bit per pass it served
    for (std::uint32_t lanes = activeMask; lanes != 0; lanes &= lanes - 1) {
        const auto lane = static_cast<std::size_t>(std::countr_zero(lanes));
        const auto pass = std::min<unsigned>(result.laneWavefront[lane], 63U);
        passes[result.laneBank[lane] & 31U] |= std::uint64_t { 1 } << pass;
    }
    for (std::size_t bank = 0; bank < passes.size(); ++bank) {
        if (passes[bank] == 0)
            continue;
        add(pc.banks->passes[bank], static_cast<std::uint64_t>(std::popcount(passes[bank])));
        add(pc.banks->requests[bank], 1);
    }
}

void MemoryCounters::moveInto(MemoryCounters& target)
{
    // Neither is being counted into: a load and a store, not a locked exchange (a block's commit moved a few
    // hundred counters, most of them zero, each with one), and nothing for a zero.
    const auto move = [&target](std::atomic<std::uint64_t>& from, std::atomic<std::uint64_t>& to) {
        if (const std::uint64_t v = from.load(std::memory_order_relaxed); v != 0) {
            from.store(0, std::memory_order_relaxed);
            target.add(to, v);
        }
    };
    for (std::size_t t = 0; t < m_totals.size(); ++t)
        move(m_totals[t], target.m_totals[t]);
    for (std::size_t i = 0; i < m_perPc.size() && i < target.m_perPc.size(); ++i) {
        AtomicPc& from = m_perPc[i];
        AtomicPc& to = target.m_perPc[i];
        if (from.requests.load(std::memory_order_relaxed) == 0)
            continue; // every other count of a PC comes with a request
        move(from.requests, to.requests);
        move(from.sectors, to.sectors);
        move(from.transactions, to.transactions);
        move(from.wavefronts, to.wavefronts);
        if (!from.banks)
            continue;
        if (!to.banks)
            to.banks = std::make_unique<AtomicBanks>();
        for (std::size_t bank = 0; bank < from.banks->passes.size(); ++bank) {
            move(from.banks->passes[bank], to.banks->passes[bank]);
            move(from.banks->requests[bank], to.banks->requests[bank]);
        }
    }
    m_sampler.moveInto(target.m_sampler);
}

void MemoryCounters::clear()
{
    for (auto& total : m_totals)
        total.store(0, std::memory_order_relaxed);
    for (AtomicPc& pc : m_perPc) {
        if (pc.requests.load(std::memory_order_relaxed) == 0)
            continue;
        pc.requests.store(0, std::memory_order_relaxed);
        pc.sectors.store(0, std::memory_order_relaxed);
        pc.transactions.store(0, std::memory_order_relaxed);
        pc.wavefronts.store(0, std::memory_order_relaxed);
        pc.banks.reset();
    }
    m_sampler.clear();
}

MemoryCounterTotals MemoryCounters::totals() const
{
    const auto get = [&](Total t) { return m_totals[t].load(std::memory_order_relaxed); };
    MemoryCounterTotals totals;
    totals.globalLoadRequests = get(LoadRequests);
    totals.globalLoadSectors = get(LoadSectors);
    totals.globalLoadTransactions = get(LoadTransactions);
    totals.globalLoadBytesRequested = get(LoadRequested);
    totals.globalLoadBytesMoved = get(LoadMoved);
    totals.globalStoreRequests = get(StoreRequests);
    totals.globalStoreSectors = get(StoreSectors);
    totals.globalStoreTransactions = get(StoreTransactions);
    totals.globalStoreBytesRequested = get(StoreRequested);
    totals.globalStoreBytesMoved = get(StoreMoved);
    totals.sharedLoadRequests = get(SharedLoadRequests);
    totals.sharedLoadWavefronts = get(SharedLoadWavefronts);
    totals.sharedStoreRequests = get(SharedStoreRequests);
    totals.sharedStoreWavefronts = get(SharedStoreWavefronts);
    totals.sharedLoadIdealWavefronts = get(SharedLoadIdealWavefronts);
    totals.sharedStoreIdealWavefronts = get(SharedStoreIdealWavefronts);
    return totals;
}

std::vector<PcMemoryCounters> MemoryCounters::perPc() const
{
    std::vector<PcMemoryCounters> out(m_perPc.size());
    for (std::size_t i = 0; i < m_perPc.size(); ++i) {
        const auto& pc = m_perPc[i];
        if (pc.requests.load(std::memory_order_relaxed) == 0)
            continue; // every other count of a PC comes with a request: all zero, as `out` has it
        out[i] = { pc.requests.load(std::memory_order_relaxed), pc.sectors.load(std::memory_order_relaxed),
            pc.transactions.load(std::memory_order_relaxed), pc.wavefronts.load(std::memory_order_relaxed), nullptr };
        if (!pc.banks)
            continue;
        auto banks = std::make_shared<BankCounts>();
        for (std::size_t bank = 0; bank < banks->passes.size(); ++bank) {
            banks->passes[bank] = pc.banks->passes[bank].load(std::memory_order_relaxed);
            banks->requests[bank] = pc.banks->requests[bank].load(std::memory_order_relaxed);
        }
        out[i].banks = std::move(banks);
    }
    return out;
}

} // namespace engine
