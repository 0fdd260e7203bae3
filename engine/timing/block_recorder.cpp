#include "engine/timing/block_recorder.h"

#include "engine/timing/sector_mask.h"
#include "engine/timing/static_instruction.h"
#include "engine/timing/trace_memory.h"

#include <algorithm>
#include <bit>

namespace engine::timing {

namespace {

    constexpr std::uint32_t kSectorBytes = 32; // best-practices-guide-current.txt §9.2.1

    /// Per line touched by one warp access: which sectors, which bytes of each (to tell full writes), and the
    /// lanes touching it. No member initializers: a request's table of 64 stays uninitialized until a line is
    /// added to it.
    struct LineBytes {
        std::uint64_t line;
        std::uint8_t sectors;
        std::array<std::uint32_t, 8> byteMask;
        std::uint32_t lanes;
    };

    std::uint32_t bytesMask(std::uint32_t offset, std::uint32_t size)
    {
        const std::uint64_t bits = size >= 32 ? 0xffffffffull : ((std::uint64_t { 1 } << size) - 1);
        return static_cast<std::uint32_t>(bits << offset);
    }

    WarpAccess toWarpAccess(const simt::MemoryEvent& event)
    {
        WarpAccess access;
        access.laneAddresses = *event.laneAddresses;
        access.activeMask = event.activeMask;
        access.bytesPerLane = static_cast<int>(event.bytesPerLane);
        access.kind = event.op == simt::MemoryOp::Load ? AccessKind::Load : AccessKind::Store;
        return access;
    }

} // namespace

std::uint16_t mostLanesOnOneAddress(
    const simt::MemoryEvent& event, std::uint64_t base, std::uint64_t bytes, std::uint32_t within)
{
    std::array<std::uint64_t, simt::kWarpLanes> addresses;
    std::array<std::uint8_t, simt::kWarpLanes> lanes;
    std::size_t distinct = 0;
    std::uint8_t most = 0;
    for (std::uint32_t m = event.activeMask & within; m != 0; m &= m - 1) {
        const std::uint64_t address = (*event.laneAddresses)[static_cast<std::size_t>(std::countr_zero(m))];
        if (address < base || address - base >= bytes)
            continue;
        std::size_t i = 0;
        while (i < distinct && addresses[i] != address)
            ++i;
        if (i == distinct) {
            addresses[distinct] = address;
            lanes[distinct++] = 0;
        }
        most = std::max(most, ++lanes[i]);
    }
    return most;
}

BlockRecorder::BlockRecorder(const DeviceProfile& profile, const ptx::Module& module, std::uint32_t kernel,
    std::uint32_t warpsPerBlock)
    : m_profile(profile)
    , m_module(module)
    , m_coalescer(makeGlobalCoalescer(profile))
    , m_banks(makeSharedBankModel(profile))
    , m_bankMemo(*m_banks)
    , m_globalMemo(std::max<std::uint64_t>(128, static_cast<std::uint64_t>(profile.caches.l2LineBytes)))
    , m_counters(profile, kernel, module.functions[kernel].instructions.size(), MemoryCounters::Writers::One)
    , m_traces(warpsPerBlock)
    , m_functionBases(functionBases(module))
    , m_opTxnStart(warpsPerBlock, 0)
    , m_warpsPerBlock(warpsPerBlock)
    , m_lineBytes(static_cast<std::uint32_t>(std::max(32, profile.caches.l2LineBytes)))
    , m_lineMask(std::has_single_bit(m_lineBytes) ? ~(std::uint64_t { m_lineBytes } - 1) : 0)
    , m_cached(profile.caches.l2Bytes > 0)
{
}

std::vector<WarpTrace> BlockRecorder::takeTraces(std::vector<WarpTrace> recycled)
{
    recycled.resize(m_traces.size());
    m_expected.resize(m_traces.size());
    for (std::size_t w = 0; w < recycled.size(); ++w) {
        recycled[w].clear();
        m_expected[w] = { m_traces[w].ops.size(), m_traces[w].txns.size() };
    }
    std::swap(recycled, m_traces);
    m_mbarrierPhase.clear(); // the block is over; so are its mbarriers
    return recycled;
}

void BlockRecorder::reserveExpected(std::size_t s)
{
    if (s >= m_expected.size())
        return;
    // The next block's warps most often issue about as much as the last one's: room for that from the start (one
    // allocation per trace, not one per doubling with a copy of what it held). Made here, on the thread that runs
    // the block, not in takeTraces: blocks run apart (block_source.h) are taken one after the other on one thread.
    const auto [ops, txns] = m_expected[s];
    WarpTrace& trace = m_traces[s];
    trace.ops.reserve(ops + ops / 8);
    trace.txns.reserve(txns + txns / 8);
}

void BlockRecorder::onMbarrier(const simt::MbarrierEvent& event)
{
    WarpTrace& trace = m_traces[slot(event.warp)];
    if (trace.ops.empty())
        return;
    std::uint32_t& phase = m_mbarrierPhase[(event.warp.blockLinear << 24) | event.offset];
    if (event.role == simt::MbarrierRole::Init) {
        phase = (phase + 2U) & ~1U; // a new object: a phase number not used before, of parity 0
        return;
    }
    // A phase's number has the phase's parity (init starts even; each completion adds one), so a wait for the
    // other parity waits for the phase before the current one (PTX ISA 8.5 §9.7.13.15.16).
    const bool wait = event.role == simt::MbarrierRole::Wait;
    const std::uint32_t number = wait && (event.parity & 1U) != (phase & 1U) ? phase - 1U : phase;
    const MbarrierMark mark { static_cast<std::uint32_t>(trace.ops.size() - 1), wait,
        (std::uint64_t { event.offset } << 32) | number };
    const bool repeat = !trace.marks.empty() && trace.marks.back().op == mark.op && trace.marks.back().wait == wait
        && trace.marks.back().key == mark.key; // the other lanes of one instruction
    if (!repeat)
        trace.marks.push_back(mark);
    if (event.role == simt::MbarrierRole::Complete)
        ++phase;
}

void BlockRecorder::holdAllBlocks(std::uint64_t blocks)
{
    m_allBlocks = true;
    m_traces.resize(blocks * m_warpsPerBlock);
    m_opTxnStart.assign(m_traces.size(), 0);
}

std::vector<WarpTrace> BlockRecorder::takeBlockTraces(std::uint64_t block)
{
    const auto first = m_traces.begin() + static_cast<std::ptrdiff_t>(block * m_warpsPerBlock);
    return {std::make_move_iterator(first), std::make_move_iterator(first + m_warpsPerBlock)};
}

std::size_t BlockRecorder::slot(const simt::WarpRef& warp) const
{
    return m_allBlocks ? static_cast<std::size_t>(warp.blockLinear * m_warpsPerBlock + warp.warp) : warp.warp;
}

void BlockRecorder::limitTraceBytes(std::uint64_t bytes, std::stop_source stop)
{
    m_traceBytesLimit = bytes;
    m_traceStop = std::move(stop);
}

void BlockRecorder::onIssue(const simt::IssueEvent& event)
{
    // Often enough to stop within a few MiB of the limit, rarely enough to cost nothing per issue.
    constexpr std::uint32_t kTraceCheckInterval = 1u << 16;
    if (++m_issuesSinceCheck == kTraceCheckInterval) {
        m_issuesSinceCheck = 0;
        if (m_traceBytesLimit != 0 && traceBytes(m_traces) > m_traceBytesLimit) {
            m_traceOverLimit = true;
            m_traceStop.request_stop();
        }
    }
    TraceOp op;
    op.instruction = m_functionBases[event.function] + event.pc;
    const std::size_t s = slot(event.warp);
    WarpTrace& trace = m_traces[s];
    if (trace.ops.empty()) [[unlikely]]
        reserveExpected(s);
    trace.ops.push_back(op);
    m_opTxnStart[s] = static_cast<std::uint32_t>(trace.txns.size());
}

void BlockRecorder::onMemory(const simt::MemoryEvent& event)
{
    const std::size_t s = slot(event.warp);
    WarpTrace& trace = m_traces[s];
    if (event.space == simt::MemorySpace::Shared && event.activeMask != 0 && event.laneAddresses) {
        // The counters and the trace need the same bank passes: resolved once (the functional run's
        // costliest step on shared-memory kernels).
        BankConflictResult banks;
        m_bankMemo.resolve(m_functionBases[event.function] + event.pc, toWarpAccess(event), banks);
        m_counters.onSharedResolved(event, banks);
        if (!trace.ops.empty())
            recordShared(event, banks, trace.ops.back());
        return;
    }
    const bool global = event.space == simt::MemorySpace::Global || event.space == simt::MemorySpace::Local;
    if (!global || event.activeMask == 0 || !event.laneAddresses) {
        // Shared without lane addresses: no bank passes to record; .const and .param: the constant cache, timed
        // as an instruction (pipe_class.h).
        m_counters.onMemory(event);
        return;
    }
    // The counters and the trace's transactions start from the same touched sectors: collected once, or
    // moved from those of the instruction's remembered access when this one is that access moved so that its
    // sectors move by whole sectors; its transactions move too where they move by whole lines (GlobalAccessMemo).
    const WarpAccess access = toWarpAccess(event);
    const std::size_t instruction = m_functionBases[event.function] + event.pc;
    const auto kind
        = static_cast<std::uint8_t>(static_cast<unsigned>(event.op) << 4 | static_cast<unsigned>(event.space));
    const bool store = event.op == simt::MemoryOp::Store; // its transactions carry the bytes it writes
    const GlobalAccessMemo::Match match = m_globalMemo.match(instruction, access, kind, store);
    const std::uint64_t move = match.move;
    GlobalAccessMemo::Entry* known = match.lines ? match.entry : nullptr; // its transactions move too
    GlobalAccessMemo::Entry* fresh = nullptr;
    TouchedBlocks sectors;
    if (match.entry != nullptr) {
        GlobalAccessMemo::moveSectors(*match.entry, move, sectors);
        if (!match.lines) // this access is remembered instead: a walk's next step is found one step from it
            fresh = &m_globalMemo.remember(instruction, access, kind, sectors);
    } else {
        collectTouchedBlocks(access, access.activeMask, kSectorBytes, sectors);
        fresh = &m_globalMemo.remember(instruction, access, kind, sectors);
    }
    if (event.space == simt::MemorySpace::Global) {
        // An access whose every lane moved by whole lines adds what the remembered one added (GlobalAccessCounts);
        // one whose lanes moved within their sectors may not (CC 1.x coalescing looks at every lane's word).
        GlobalAccessMemo::Entry* same = known != nullptr && match.exact ? known : fresh;
        if (same != nullptr && same->hasCounts) {
            m_counters.onGlobalCounts(event, same->counts);
        } else if (const auto counted = m_counters.onGlobalSectors(event, access, sectors); counted && same) {
            same->counts = *counted;
            same->hasCounts = true;
        }
    }
    if (trace.ops.empty())
        return;
    TraceOp& op = trace.ops.back();
    const OpKind previous = op.kind;
    m_bytesRequested += event.space == simt::MemorySpace::Global
        ? std::uint64_t { event.bytesPerLane } * static_cast<std::uint64_t>(laneCount(event.activeMask))
        : 0;
    op.kind = event.op == simt::MemoryOp::Load ? OpKind::GlobalLoad
        : event.op == simt::MemoryOp::Store    ? OpKind::GlobalStore
                                               : OpKind::GlobalAtomic;
    op.cacheInL1 = op.kind == OpKind::GlobalLoad && cachesInL1(event) ? 1 : 0;
    // An op's transactions are those of all its accesses of one kind (wmma.load/store make one access per
    // fragment register, matrix_ops.h); an access of another kind replaces them.
    const std::size_t start = m_opTxnStart[s];
    const int wavefrontsBefore = op.kind == previous ? op.wavefronts : 0;
    if (op.kind != previous)
        trace.txns.resize(start);
    if (m_cached && known != nullptr && known->hasTxns) {
        GlobalAccessMemo::appendTransactions(*known, move, trace.txns);
        op.wavefronts = known->wavefronts;
    } else if (m_cached) {
        const std::size_t first = trace.txns.size();
        recordCachedGlobal(event, sectors, trace, op);
        // Remembered before without transactions: remembered again, with them.
        if (fresh == nullptr)
            fresh = &m_globalMemo.remember(instruction, access, kind, sectors);
        fresh->txns.assign(trace.txns.begin() + static_cast<std::ptrdiff_t>(first), trace.txns.end());
        fresh->wavefronts = op.wavefronts;
        fresh->hasTxns = true;
    } else
        recordSegments(event, access, sectors, trace, op);
    trace.txns.resize(std::min(trace.txns.size(), start + 255)); // TraceOp::memCount is one byte
    op.memCount = static_cast<std::uint8_t>(trace.txns.size() - start);
    op.wavefronts = static_cast<std::uint8_t>(std::min(255, wavefrontsBefore + op.wavefronts));
}

bool BlockRecorder::cachesInL1(const simt::MemoryEvent& event) const
{
    if (m_profile.caches.l1Bytes == 0)
        return false;
    if (event.space == simt::MemorySpace::Local) // DIGEST §4.6: local memory is cached in L1 where there is one
        return true;
    // PTX ISA 8.5 §9.7.9.1: ld.ca caches in L1, ld.cg only in L2; otherwise the generation's default
    // (best-practices-guide-v8.0.txt §9.2.1; -Xptxas -dlcm).
    const ptx::Instruction& ins = m_module.functions[event.function].instructions[event.pc];
    if (ins.cacheOp == ptx::CacheOp::Cg || ins.cacheOp == ptx::CacheOp::Cv)
        return false;
    if (ins.cacheOp == ptx::CacheOp::Ca || ins.has(ptx::FlagNc))
        return true;
    return m_profile.caches.l1CachesGlobalLoads;
}

void BlockRecorder::recordCachedGlobal(
    const simt::MemoryEvent& event, const TouchedBlocks& sectors, WarpTrace& trace, TraceOp& op)
{
    // The lines of the touched sectors (ascending), each with its lowest lane and, for a store, the bytes of each
    // sector its lanes write (the L2 reads them for stores only: a load or an atomic leaves them zero); the
    // transactions go in the order lanes first touch their lines.
    const bool store = event.op == simt::MemoryOp::Store;
    std::array<LineBytes, TouchedBlocks::kMaxBlocks> lines;
    std::size_t count = 0;
    for (int i = 0; i < sectors.count; ++i) {
        const std::uint64_t sectorAddress = sectors.blockIndex[static_cast<std::size_t>(i)] * kSectorBytes;
        const std::uint32_t laneMask = sectors.laneMask[static_cast<std::size_t>(i)];
        const std::uint64_t line
            = m_lineMask != 0 ? sectorAddress & m_lineMask : sectorAddress / m_lineBytes * m_lineBytes;
        if (count == 0 || lines[count - 1].line != line)
            lines[count++] = LineBytes { line, 0, {}, laneMask };
        LineBytes& entry = lines[count - 1];
        entry.lanes |= laneMask;
        const auto sector = static_cast<std::uint32_t>((sectorAddress - line) / kSectorBytes);
        entry.sectors = static_cast<std::uint8_t>(entry.sectors | (1u << sector));
        if (!store)
            continue;
        for (std::uint32_t m = laneMask; m != 0; m &= m - 1) {
            const std::uint64_t address = (*event.laneAddresses)[static_cast<std::size_t>(std::countr_zero(m))];
            const std::uint64_t from = std::max(address, sectorAddress);
            const std::uint64_t to = std::min(address + event.bytesPerLane, sectorAddress + kSectorBytes);
            entry.byteMask[sector] |= bytesMask(static_cast<std::uint32_t>(from - sectorAddress),
                static_cast<std::uint32_t>(to - from));
        }
    }
    for (std::size_t i = 1; i < count; ++i) { // by lowest lane: ascending addresses are already in order
        const LineBytes moved = lines[i];
        std::size_t at = i;
        for (; at > 0 && std::countr_zero(lines[at - 1].lanes) > std::countr_zero(moved.lanes); --at)
            lines[at] = lines[at - 1];
        lines[at] = moved;
    }
    const bool atomic = event.op == simt::MemoryOp::Atomic;
    for (std::size_t i = 0; i < count; ++i) {
        std::uint8_t full = 0;
        for (std::uint32_t m = lines[i].sectors; m != 0; m &= m - 1) {
            const auto s = static_cast<std::uint32_t>(std::countr_zero(m));
            full = static_cast<std::uint8_t>(full | (lines[i].byteMask[s] == 0xffffffffu ? 1u << s : 0u));
        }
        const auto bytes = sectorCount(lines[i].sectors) * kSectorBytes;
        const std::uint16_t atomicLanes
            = atomic ? mostLanesOnOneAddress(event, lines[i].line, m_lineBytes, lines[i].lanes) : 0;
        MemTxn txn { lines[i].line, bytes, lines[i].sectors, full, atomicLanes, {} };
        std::copy_n(lines[i].byteMask.begin(), txn.byteMasks.size(), txn.byteMasks.begin());
        trace.txns.push_back(txn);
    }
    // Nsight Compute Kernel Profiling Guide, "wavefronts": the L1 data stage handles one 128-byte line of a
    // request per cycle.
    op.wavefronts = static_cast<std::uint8_t>(std::max<std::size_t>(1, count));
}

void BlockRecorder::recordSegments(const simt::MemoryEvent& event, const WarpAccess& access,
    const TouchedBlocks& sectors, WarpTrace& trace, TraceOp& op)
{
    CoalescingResult result;
    m_coalescer->coalesceSectors(access, sectors, result);
    for (const GlobalTransaction& t : result.view()) {
        const std::uint16_t atomicLanes
            = event.op == simt::MemoryOp::Atomic ? mostLanesOnOneAddress(event, t.address, t.sizeBytes) : 0;
        trace.txns.push_back(MemTxn { t.address, t.sizeBytes, 0, 0, atomicLanes, {} });
    }
    op.wavefronts = static_cast<std::uint8_t>(std::max(1, result.transactionCount));
}

void BlockRecorder::recordShared(const simt::MemoryEvent& event, const BankConflictResult& result, TraceOp& op)
{
    int passes = result.wavefronts;
    if (event.op == simt::MemoryOp::Atomic) {
        // Same-address lanes of a shared atomic serialize (opencl-programming-guide-2.3.txt §2.1.2), one pass
        // each whatever the bank rule says (H100: 0.9 SM cycles per lane on one word, compare-and-swap twice
        // that; bench/hardware/h100/timing_rules/, docs/timing_rules_h100.md).
        const ptx::Instruction& ins = m_module.functions[event.function].instructions[event.pc];
        const int perLane = ins.mode == ptx::OpMode::Cas ? m_profile.timing.sharedCasPassesPerLane : 1;
        passes = std::max(passes, perLane * mostLanesOnOneAddress(event, 0, ~std::uint64_t { 0 }));
    }
    // cp.async and bulk copies into shared memory: the copy is timed by its global read; its shared write
    // happens in the background.
    if (op.kind == OpKind::GlobalLoad)
        return;
    // The passes of every shared access of one op add up (wmma.load/store from shared: one per register).
    const int before = op.kind == OpKind::Shared ? op.wavefronts : 0;
    op.kind = OpKind::Shared;
    op.wavefronts = static_cast<std::uint8_t>(std::min(255, before + std::max(1, passes)));
}

void BlockRecorder::moveCountersInto(BlockRecorder& target)
{
    m_counters.moveInto(target.m_counters);
    target.m_bytesRequested += m_bytesRequested;
    m_bytesRequested = 0;
}

void BlockRecorder::clearCounters()
{
    m_counters.clear();
    m_bytesRequested = 0;
}

} // namespace engine::timing
