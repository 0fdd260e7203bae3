// The warp-state half of SmModel: what each recorded warp was doing between the cycles the SM was stepped.
#include "engine/timing/sm_model.h"

#include <algorithm>

namespace engine::timing {

WarpState SmModel::waitingState(const Warp& w, std::uint32_t slot, std::uint64_t now) const
{
    if (w.atMbarrier || w.asyncWaitUntil > now)
        return WarpState::AsyncWait;
    if (w.atBarrier || w.nextIssue > now + 1)
        return WarpState::Barrier; // the only way past one cycle: a barrier's release latency
    if (w.dependency.readyCycle > now)
        return w.dependency.memory ? WarpState::MemoryWait : WarpState::Dependency;
    const bool memoryOp = w.headOp.kind != OpKind::Compute;
    if (memoryOp && m_lsuFree > now) // the load/store unit is still busy with earlier wavefronts
        return WarpState::MemoryWait;
    (void)slot;
    return WarpState::Eligible; // ready (or its pipe is busy) while the scheduler issued another warp
}

void SmModel::emit(const Warp& w, std::uint32_t slot, WarpState state, std::uint64_t start, std::uint64_t end)
{
    (void)slot;
    WarpInterval interval;
    interval.startCycle = start;
    interval.endCycle = end;
    interval.block = BlockId(static_cast<std::uint32_t>(m_blocks[w.block].linear));
    interval.sm = SmId(static_cast<std::uint16_t>(m_id));
    interval.warp = WarpId(static_cast<std::uint16_t>(w.index));
    interval.state = state;
    m_emitted.push_back(interval);
}

void SmModel::drainIntervals(IntervalRecorder& recorder)
{
    for (const WarpInterval& interval : m_emitted)
        recorder.add(interval);
    m_emitted.clear();
}

void SmModel::markIssued(Warp& w, std::uint32_t slot, std::uint64_t now)
{
    if (w.state == WarpState::Issuing) {
        if (w.lastIssue + 1 == now)
            return; // still issuing back to back
        // Not stepped in between: the warp waited for the dependency that held its instruction.
        const std::uint64_t gapStart = w.lastIssue + 1;
        const WarpState gap = w.asyncWaitUntil > gapStart ? WarpState::AsyncWait
            : w.dependency.readyCycle > gapStart
            ? (w.dependency.memory ? WarpState::MemoryWait : WarpState::Dependency)
            : WarpState::Eligible;
        emit(w, slot, WarpState::Issuing, w.stateStart, gapStart);
        emit(w, slot, gap, gapStart, now);
    } else {
        emit(w, slot, w.state, w.stateStart, now);
    }
    w.state = WarpState::Issuing;
    w.stateStart = now;
}

void SmModel::recordStates(std::uint64_t now)
{
    // Slots past the scan bound belong to unused block slots: no warp there is active.
    const auto slots = std::min<std::size_t>(m_warps.size(), std::size_t { m_scanLength } * m_ctx.schedulers);
    for (std::uint32_t slot = 0; slot < slots; ++slot) {
        Warp& w = m_warps[slot];
        if (!w.active)
            continue;
        if (m_issuedNow[slot])
            continue; // markIssued did it
        const WarpState state = waitingState(w, slot, now);
        if (w.state == WarpState::Issuing) {
            emit(w, slot, WarpState::Issuing, w.stateStart, w.lastIssue + 1);
            w.state = state;
            w.stateStart = w.lastIssue + 1;
        } else if (state != w.state) {
            emit(w, slot, w.state, w.stateStart, now);
            w.state = state;
            w.stateStart = now;
        }
    }
}

} // namespace engine::timing
