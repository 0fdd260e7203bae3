#include "engine/simt/memory_access.h"

#include "engine/simt/address_layout.h"
#include "engine/simt/cluster_ops.h"
#include "engine/simt/operand_access.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace engine::simt {

namespace {

    std::uint8_t* fault(ExecContext& ctx, FaultKind kind, const AccessPlan& plan, MemorySpace space,
        std::uint64_t address, std::uint32_t lane)
    {
        ctx.fail(kind, lane, plan.word);
        ctx.fault.address = address;
        ctx.fault.size = plan.size;
        ctx.fault.space = space;
        return nullptr;
    }

    std::uint8_t* inRange(ExecContext& ctx, const AccessPlan& plan, std::uint8_t* base, std::uint64_t bytes,
        MemorySpace space, std::uint64_t address, std::uint32_t lane)
    {
        if (address > bytes || bytes - address < plan.size)
            return fault(ctx, FaultKind::OutOfBounds, plan, space, address, lane);
        return base + address;
    }

    /// The test of wholeWarpInside, lane by lane: whether every address added holds a whole aligned `size`-byte
    /// element inside `fast`, decided by 64-bit subtractions and ORs without a branch (SSE2 vectorizes a loop of
    /// them). With the room after the last whole element `room` = bytes - size below 2^63, a lane is inside iff
    /// both its offset from the start and room - offset stay below 2^63: below the start, the offset wraps past it;
    /// past the end, the difference does.
    class WarpInside {
    public:
        WarpInside(const FastRange& fast, std::uint32_t size)
            : m_start(fast.start)
            , m_room(fast.bytes - size)
            , m_alignMask(size - 1)
            , m_fits(fast.bytes >= size && fast.bytes - size < kHighBit)
        {
        }

        /// Adds a lane's address; returns its offset from the range's start.
        std::uint64_t add(std::uint64_t address)
        {
            const std::uint64_t offset = address - m_start;
            m_outside |= offset | (m_room - offset);
            m_bits |= address;
            return offset;
        }
        bool inside() const { return m_fits && (m_outside & kHighBit) == 0 && (m_bits & m_alignMask) == 0; }

    private:
        static constexpr std::uint64_t kHighBit = std::uint64_t { 1 } << 63;
        std::uint64_t m_start;
        std::uint64_t m_room;
        std::uint64_t m_alignMask;
        bool m_fits;
        std::uint64_t m_outside = 0;
        std::uint64_t m_bits = 0;
    };

    /// Whether an access of `plan` reaches allocation `a` itself: always but through a block's write overlay
    /// (write_overlay.h), which serves each lane, unless it is a load that reads `a` whole.
    bool direct(ExecContext& ctx, const AccessPlan& plan, const Allocation& a)
    {
        return !ctx.overlay || (plan.op == MemoryOp::Load && ctx.overlay->readsWhole(a));
    }

    /// The allocation holding `size` bytes at `address`: the cached one when it does, else the one found, which
    /// becomes the cached one; null when none does.
    Allocation* allocationHolding(ExecContext& ctx, std::uint64_t address, std::uint32_t size)
    {
        Allocation* a = ctx.lastAllocation;
        if (!a || !a->contains(address, size)) {
            a = ctx.memory->findContaining(address, size);
            if (a)
                ctx.lastAllocation = a;
        }
        return a;
    }

    std::uint8_t* globalPointer(ExecContext& ctx, const AccessPlan& plan, MemorySpace space, std::uint64_t address,
        std::uint32_t lane)
    {
        Allocation* a = allocationHolding(ctx, address, plan.size);
        if (!a)
            return fault(ctx, FaultKind::OutOfBounds, plan, space, address, lane);
        if (ctx.overlay)
            return ctx.overlay->access(*a, address - a->address, plan.size, plan.op);
        return a->bytes.data() + (address - a->address);
    }

    /// resolveLanes through the block's write overlay (write_overlay.h) for a .global or .const access, or a generic
    /// one whose first lane `probe` is global, when every lane of `mask` holds a whole aligned element of the probe's
    /// allocation: the allocation found once, each overlay page once for the lanes in a row in it, the same pointers
    /// and marks as lane by lane (a batch's blocks took twice the instructions of the serial run's, half of it in
    /// those look-ups). False, with nothing changed but the cached allocation, otherwise.
    bool resolveOverlayLanes(ExecContext& ctx, const AccessPlan& plan, const LaneBits& addresses, std::uint32_t mask,
        std::uint64_t probe, std::array<std::uint8_t*, kWarpLanes>& pointers, std::array<std::uint32_t, 5>& spaceMasks)
    {
        const bool global = plan.space == ptx::StateSpace::Global || plan.space == ptx::StateSpace::Const;
        const bool genericGlobal = plan.space == ptx::StateSpace::Generic && !inSharedWindow(probe)
            && !inClusterWindow(probe) && !inLocalWindow(probe);
        if (!global && !genericGlobal)
            return false;
        Allocation* a = allocationHolding(ctx, probe, plan.size);
        if (!a)
            return false;
        const MemorySpace space = plan.space == ptx::StateSpace::Const ? MemorySpace::Const : MemorySpace::Global;
        WarpInside test(FastRange { a->bytes.data(), a->address, a->sizeBytes, space }, plan.size);
        LaneBits offsets;
        for (std::size_t l = 0; l < kWarpLanes; ++l) // an inactive lane counts as the probe, an active one
            offsets[l] = test.add(((mask >> l) & 1u) != 0 ? addresses[l] : probe);
        if (!test.inside())
            return false;
        ctx.overlay->accessLanes(*a, offsets, mask, plan.size, plan.op, pointers);
        if (ctx.observer || ctx.recordAccesses || ctx.journal)
            ctx.addresses = addresses;
        spaceMasks[static_cast<std::size_t>(space)] |= mask;
        return true;
    }

    std::uint8_t* paramPointer(ExecContext& ctx, const AccessPlan& plan, std::uint64_t address, std::uint32_t lane)
    {
        if (plan.paramBlock) {
            auto* block = const_cast<std::uint8_t*>(ctx.plan->params.data()); // read-only: st.param never targets it
            return inRange(ctx, plan, block, ctx.plan->params.size(), MemorySpace::Param, address, lane);
        }
        const std::uint32_t frameBytes = ctx.layout->paramFrameBytes;
        std::uint8_t* frame = ctx.warp->params.data() + ctx.paramBase + std::size_t { lane } * frameBytes;
        return inRange(ctx, plan, frame, frameBytes, MemorySpace::Param, address, lane);
    }

    /// resolveUniformLanes for a .param access of the warp's own frame (a `call`'s arguments and return value): each
    /// lane's frame holds the variable at the same offset, so one bounds and alignment check serves every lane.
    /// False, with nothing changed, when the address is outside the frame or misaligned.
    bool resolveFrameParams(ExecContext& ctx, const AccessPlan& plan, std::uint64_t address, std::uint32_t mask,
        std::array<std::uint8_t*, kWarpLanes>& pointers, std::array<std::uint32_t, 5>& spaceMasks)
    {
        const std::uint32_t frameBytes = ctx.layout->paramFrameBytes;
        if (address > frameBytes || frameBytes - address < plan.size || (address & (plan.size - 1)) != 0)
            return false;
        ctx.remoteSharedLanes = 0;
        std::uint8_t* const first = ctx.warp->params.data() + ctx.paramBase + address;
        for (std::size_t l = 0; l < kWarpLanes; ++l)
            pointers[l] = ((mask >> l) & 1u) != 0 ? first + l * frameBytes : nullptr;
        if (ctx.observer || ctx.recordAccesses || ctx.journal)
            ctx.addresses.fill(address);
        spaceMasks[static_cast<std::size_t>(MemorySpace::Param)] |= mask;
        return true;
    }

    std::uint8_t* localPointer(ExecContext& ctx, const AccessPlan& plan, std::uint64_t address, std::uint32_t lane)
    {
        const std::uint64_t perThread = ctx.plan->localBytesPerThread;
        const std::uint64_t thread = std::uint64_t { ctx.warp->index } * kWarpLanes + lane;
        return inRange(ctx, plan, ctx.cta->local.data() + thread * perThread, perThread, MemorySpace::Local, address, lane);
    }

} // namespace

AccessPlan planAccess(const ExecContext& ctx, const ptx::Instruction& ins, const ptx::Operand& address,
    std::uint32_t size, MemoryOp op)
{
    AccessPlan plan;
    plan.space = ins.space;
    plan.size = size;
    plan.op = op;
    plan.word = op == MemoryOp::Load ? "read" : op == MemoryOp::Store ? "write" : "atomic";
    plan.merged = ins.has(ptx::FlagMergedLoad);
    plan.reportedSize = ins.mergedBytes() != 0 ? ins.mergedBytes() : size;
    plan.reportedDelta = ins.mergedDelta();
    if (ins.space == ptx::StateSpace::Param) {
        if (address.base == ptx::AddressBase::Symbol)
            plan.paramBlock = address.scope == ptx::SymbolScope::Function && ctx.layout->inParamBlock[address.index];
        else
            plan.paramBlock = ctx.warp->frames.size() == 1; // an address taken of a kernel parameter
    }
    return plan;
}

std::uint8_t* lanePointer(ExecContext& ctx, const AccessPlan& plan, std::uint64_t address, std::uint32_t lane,
    MemorySpace& resolved)
{
    ptx::StateSpace space = plan.space;
    if (space == ptx::StateSpace::Generic) {
        // address_layout.h: the generic windows of .shared, .local and the cluster's shared memory; the rest is
        // .global.
        if (inSharedWindow(address)) {
            space = ptx::StateSpace::Shared;
            address -= kSharedWindowBase;
        } else if (inClusterWindow(address)) {
            space = ptx::StateSpace::SharedCluster;
            address = address - kClusterWindowBase + kClusterRankBytes;
        } else if (inLocalWindow(address)) {
            space = ptx::StateSpace::Local;
            address -= kLocalWindowBase;
        } else {
            space = ptx::StateSpace::Global;
        }
    }
    ctx.addresses[lane] = address;
    switch (space) {
    case ptx::StateSpace::Shared:
    case ptx::StateSpace::SharedCluster: resolved = MemorySpace::Shared; break;
    case ptx::StateSpace::Local: resolved = MemorySpace::Local; break;
    case ptx::StateSpace::Const: resolved = MemorySpace::Const; break;
    case ptx::StateSpace::Param: resolved = MemorySpace::Param; break;
    default: resolved = MemorySpace::Global; break;
    }
    if ((address & (plan.size - 1)) != 0)
        return fault(ctx, FaultKind::Misaligned, plan, resolved, address, lane);
    switch (space) {
    case ptx::StateSpace::Shared:
        return inRange(ctx, plan, ctx.cta->shared.data(), ctx.cta->shared.size(), resolved, address, lane);
    case ptx::StateSpace::SharedCluster: return clusterSharedPointer(ctx, address, plan.size, lane);
    case ptx::StateSpace::Local: return localPointer(ctx, plan, address, lane);
    case ptx::StateSpace::Param: return paramPointer(ctx, plan, address, lane);
    default: return globalPointer(ctx, plan, resolved, address, lane);
    }
}

void journalStore(ExecContext& ctx, MemorySpace space, std::uint64_t address, const std::uint8_t* p, std::uint32_t size)
{
    if (space != MemorySpace::Global && space != MemorySpace::Const)
        return;
    WriteJournal& j = *ctx.journal;
    j.entries.push_back(WriteJournal::Entry { address, size, j.oldBytes.size() });
    j.oldBytes.insert(j.oldBytes.end(), p, p + size);
}

void reportAccess(ExecContext& ctx, const AccessPlan& plan, const std::array<std::uint32_t, 5>& spaceMasks)
{
    if (plan.merged)
        return;
    if (plan.reportedDelta != 0) {
        for (auto& address : ctx.addresses)
            address -= plan.reportedDelta;
    }
    const std::uint32_t pc = ctx.warp->stack.back().pc - 1;
    const auto report = [&](MemorySpace space, std::uint32_t lanes, bool uncounted) {
        if (lanes == 0)
            return;
        if (ctx.recordAccesses)
            ctx.lastAccess = LastAccess { true, pc, space, plan.op, lanes, plan.reportedSize, ctx.addresses };
        if (ctx.observer)
            ctx.observer->onMemory(MemoryEvent { ctx.warpRef(), ctx.fnIndex, pc, space, plan.op, lanes,
                plan.reportedSize, &ctx.addresses, uncounted });
    };
    for (std::size_t s = 0; s < spaceMasks.size(); ++s) {
        const auto space = static_cast<MemorySpace>(s);
        // Distributed shared memory: the lanes that reach another CTA of the cluster apart (MemoryEvent).
        const std::uint32_t remote = space == MemorySpace::Shared ? spaceMasks[s] & ctx.remoteSharedLanes : 0;
        report(space, spaceMasks[s] & ~remote, plan.lsuUncounted);
        report(space, remote, true);
    }
    ctx.remoteSharedLanes = 0;
}

FastRange fastRange(ExecContext& ctx, const AccessPlan& plan)
{
    switch (plan.space) {
    case ptx::StateSpace::Global:
    case ptx::StateSpace::Const:
        if (Allocation* a = ctx.lastAllocation; a && direct(ctx, plan, *a)) {
            return { a->bytes.data(), a->address, a->sizeBytes,
                plan.space == ptx::StateSpace::Const ? MemorySpace::Const : MemorySpace::Global };
        }
        return {};
    case ptx::StateSpace::Shared: return { ctx.cta->shared.data(), 0, ctx.cta->shared.size(), MemorySpace::Shared };
    case ptx::StateSpace::Param:
        if (plan.paramBlock)
            return { const_cast<std::uint8_t*>(ctx.plan->params.data()), 0, ctx.plan->params.size(), MemorySpace::Param };
        return {};
    default: return {};
    }
}

FastRange fastRange(ExecContext& ctx, const AccessPlan& plan, std::uint64_t probe)
{
    const bool global = plan.space == ptx::StateSpace::Global || plan.space == ptx::StateSpace::Const;
    // address_layout.h: outside the generic windows of .shared, .local and the cluster's shared memory, a
    // generic address is .global.
    const bool genericGlobal = plan.space == ptx::StateSpace::Generic && !inSharedWindow(probe)
        && !inClusterWindow(probe) && !inLocalWindow(probe);
    if (!global && !genericGlobal)
        return fastRange(ctx, plan);
    Allocation* a = allocationHolding(ctx, probe, plan.size);
    if (!a)
        return {}; // the lane-by-lane path reports the fault
    if (!direct(ctx, plan, *a))
        return {};
    return { a->bytes.data(), a->address, a->sizeBytes,
        plan.space == ptx::StateSpace::Const ? MemorySpace::Const : MemorySpace::Global };
}

bool wholeWarpInside(const FastRange& fast, const LaneBits& addresses, std::uint32_t size)
{
    WarpInside test(fast, size);
    for (std::size_t l = 0; l < kWarpLanes; ++l)
        test.add(addresses[l]);
    return test.inside();
}

bool resolveUniformLanes(ExecContext& ctx, const AccessPlan& plan, std::uint64_t address, std::uint32_t mask,
    std::array<std::uint8_t*, kWarpLanes>& pointers, std::array<std::uint32_t, 5>& spaceMasks)
{
    if (mask == 0)
        return false;
    if (plan.space == ptx::StateSpace::Param && !plan.paramBlock)
        return resolveFrameParams(ctx, plan, address, mask, pointers, spaceMasks);
    const FastRange fast = fastRange(ctx, plan, address);
    if (!fast.base || address < fast.start || fast.bytes < plan.size || address - fast.start > fast.bytes - plan.size
        || (address & (plan.size - 1)) != 0)
        return false;
    ctx.remoteSharedLanes = 0;
    std::uint8_t* const p = fast.base + (address - fast.start);
    for (std::size_t l = 0; l < kWarpLanes; ++l)
        pointers[l] = ((mask >> l) & 1u) != 0 ? p : nullptr;
    if (ctx.observer || ctx.recordAccesses || ctx.journal)
        ctx.addresses.fill(address);
    spaceMasks[static_cast<std::size_t>(fast.space)] |= mask;
    return true;
}

bool resolveLanes(ExecContext& ctx, const AccessPlan& plan, const LaneBits& addresses, std::uint32_t mask,
    std::array<std::uint8_t*, kWarpLanes>& pointers, std::array<std::uint32_t, 5>& spaceMasks)
{
    ctx.remoteSharedLanes = 0;
    if (mask == 0)
        return true;
    const std::uint64_t probe = addresses[static_cast<std::size_t>(std::countr_zero(mask))];
    if (ctx.overlay && resolveOverlayLanes(ctx, plan, addresses, mask, probe, pointers, spaceMasks))
        return true;
    FastRange fast = fastRange(ctx, plan, probe);
    const std::uint64_t alignMask = plan.size - 1;
    if (fast.base) {
        // wholeWarpInside's test in the pass that makes the pointers (an inactive lane counts as the probe, an
        // active one).
        WarpInside test(fast, plan.size);
        for (std::size_t l = 0; l < kWarpLanes; ++l) {
            const bool on = ((mask >> l) & 1u) != 0;
            const std::uint64_t offset = test.add(on ? addresses[l] : probe);
            pointers[l] = on ? fast.base + offset : nullptr;
        }
        if (test.inside()) {
            if (ctx.observer || ctx.recordAccesses || ctx.journal)
                ctx.addresses = addresses;
            spaceMasks[static_cast<std::size_t>(fast.space)] |= mask;
            return true;
        }
    }
    for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
        if (!laneOn(mask, static_cast<int>(l)))
            continue;
        const std::uint64_t a = addresses[l];
        const std::uint64_t offset = a - fast.start;
        if (fast.base && a >= fast.start && offset <= fast.bytes && fast.bytes - offset >= plan.size && (a & alignMask) == 0) {
            ctx.addresses[l] = a;
            pointers[l] = fast.base + offset;
            spaceMasks[static_cast<std::size_t>(fast.space)] |= 1u << l;
            continue;
        }
        MemorySpace space;
        pointers[l] = lanePointer(ctx, plan, a, l, space);
        if (!pointers[l])
            return false;
        spaceMasks[static_cast<std::size_t>(space)] |= 1u << l;
        fast = fastRange(ctx, plan); // a new cached allocation
    }
    return true;
}

} // namespace engine::simt
