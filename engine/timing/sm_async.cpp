// The asynchronous half of SmModel: cp.async and bulk-copy groups (PTX ISA 8.5 §9.7.9.25) and mbarrier phases
// (§9.7.13.15). A copy runs in the background from its issue until its data arrive; a wait holds the warp until
// the copies it covers (or the phase it names) are complete, shown as WarpState::AsyncWait.
#include "engine/timing/sm_model.h"

#include <algorithm>

namespace engine::timing {

void SmModel::expectPhases(Block& block)
{
    block.phases.clear();
    for (const WarpTrace& trace : block.traces) {
        for (const MbarrierMark& mark : trace.marks) {
            if (!mark.wait)
                block.phases.expect(mark.key);
        }
    }
}

void SmModel::holdAsync(Warp& w, std::uint64_t until)
{
    if (until <= w.nextIssue)
        return;
    w.nextIssue = until;
    w.asyncWaitUntil = until;
}

void SmModel::applyAsync(Warp& w, const StaticInstruction& st, std::uint64_t ready, std::uint64_t now)
{
    switch (st.asyncOp) {
    case ptx::AsyncOp::Copy: w.copies.add(ready); break;
    case ptx::AsyncOp::CommitGroup: w.copies.commit(); break;
    case ptx::AsyncOp::WaitGroup: holdAsync(w, w.copies.wait(st.asyncKeepGroups)); break;
    case ptx::AsyncOp::WaitAll: holdAsync(w, w.copies.waitAll()); break;
    case ptx::AsyncOp::Bulk: w.bulkCopies.add(ready); break;
    case ptx::AsyncOp::BulkCommitGroup: w.bulkCopies.commit(); break;
    case ptx::AsyncOp::BulkWaitGroup: holdAsync(w, w.bulkCopies.wait(st.asyncKeepGroups)); break;
    default: break;
    }
    // What the instruction gives an mbarrier takes effect when it is done: a bulk copy's bytes when they have
    // arrived, cp.async.mbarrier.arrive's arrive when the warp's copies have (§9.7.9.25.3.2), others at issue.
    const std::uint64_t effective = st.asyncOp == ptx::AsyncOp::Bulk ? ready
        : st.asyncOp == ptx::AsyncOp::CopyArrive                       ? std::max(now, w.copies.latest())
                                                                       : now;
    Block& block = m_blocks[w.block];
    const auto op = static_cast<std::uint32_t>(w.head - block.traces[w.index].ops.data());
    for (; w.mark != w.markEnd && w.mark->op == op; ++w.mark) {
        const MbarrierMark& mark = *w.mark;
        if (!mark.wait) {
            if (block.phases.contribute(mark.key, effective))
                releaseMbarrier(w.block, mark.key, block.phases.completion(mark.key, kNever));
            continue;
        }
        const std::uint64_t done = block.phases.completion(mark.key, kNever);
        if (done == kNever) {
            w.atMbarrier = true;
            w.mbarrierKey = mark.key;
        } else {
            holdAsync(w, done + 1);
        }
    }
}

void SmModel::releaseMbarrier(std::uint32_t blockSlot, std::uint64_t key, std::uint64_t cycle)
{
    for (std::uint32_t i = 0; i < m_ctx.warpsPerBlock; ++i) {
        const std::uint32_t slot = blockSlot * m_ctx.warpsPerBlock + i;
        Warp& w = m_warps[slot];
        if (!w.active || !w.atMbarrier || w.mbarrierKey != key)
            continue;
        w.atMbarrier = false;
        holdAsync(w, cycle + 1);
        syncWake(w, slot);
        auto& wake = m_wakeStore[slot % m_ctx.schedulers];
        wake = std::min(wake, w.nextIssue);
    }
}

} // namespace engine::timing
