// BlockSource's batches (block_source.h): blocks run at once against write overlays, one batch committed while the
// next one runs.
#include "engine/timing/block_source.h"

#include "engine/timing/host_phases.h"

#include <algorithm>
#include <chrono>

namespace engine::timing {

std::uint64_t BlockSource::batchedEnd() const
{
    return std::min(m_in.blockCount, m_in.batchedBlocks);
}

bool BlockSource::batchesLeft() const
{
    return m_batches[m_current].running != 0 || m_nextBatched < batchedEnd();
}

void BlockSource::beginBatch(Batch& batch)
{
    batch.first = m_nextBatched;
    batch.running = static_cast<std::size_t>(std::min<std::uint64_t>(batch.slots.size(), batchedEnd() - batch.first));
    m_nextBatched += batch.running;
    batch.cancel.reset();
    batch.stop = std::stop_source {};
    batch.cancel.emplace(m_in.stop.get_token(), [stop = batch.stop]() mutable { stop.request_stop(); });
    const std::uint64_t budget = speculativeBudget();
    // The launch's trace bound holds for the two batches as a whole: each block gets its share, and one that needs
    // more runs again serially, with the whole.
    const std::uint64_t left = traceBytesLeft();
    const std::uint64_t slotTraceBytes = left == 0 ? 0 : std::max<std::uint64_t>(1, left / (2 * batch.slots.size()));
    batch.known = m_writtenAllocations;
    batch.markAll = !m_writesSeen;
    batch.job = [this, &batch, budget, slotTraceBytes](std::size_t i) {
        const std::vector<std::uint64_t>* known = batch.markAll ? nullptr : &batch.known;
        batch.slots[i]->run(batch.first + i, budget, slotTraceBytes, batch.stop, known);
    };
    (*m_workers)->begin(batch.running, batch.job, m_home);
}

void BlockSource::finishRunning()
{
    (*m_workers)->finish(m_batches[m_current].running);
}

void BlockSource::noteWrittenAllocations(const Batch& batch)
{
    for (std::size_t i = 0; i < batch.running; ++i) {
        for (const std::uint64_t address : batch.slots[i]->writtenAllocations()) {
            std::vector<std::uint64_t>& all = m_writtenAllocations;
            if (std::find(all.begin(), all.end(), address) == all.end())
                all.push_back(address);
        }
    }
    m_writesSeen = true;
}

void BlockSource::writeBack(Batch& batch)
{
    for (std::size_t i = 0; i < batch.unwritten; ++i)
        batch.slots[i]->writeBack();
    batch.unwritten = 0;
}

std::vector<ExecutedBlock> BlockSource::nextBatch()
{
    Batch& done = m_batches[m_current];
    Batch& other = m_batches[1 - m_current];
    if (done.running == 0) // none ran ahead (the first batch, or the one after a block run again)
        beginBatch(done);
    (*m_workers)->finish(done.running);
    const auto committing = std::chrono::steady_clock::now();
    noteWrittenAllocations(done); // before the next batch begins: its blocks mark their loads of those
    // No batch runs: the batch committed while this one ran reaches memory now, and its writes are what this one's
    // blocks could not see.
    writeBack(other);
    m_missed = std::move(other.written);
    other.written = simt::WrittenPages {};
    if (m_nextBatched < batchedEnd())
        beginBatch(other); // memory stays as it is until the next call's finish()
    const LaunchCounters into { m_in.recorder, m_in.perFunction, m_in.issue, m_in.divergentBranches };
    std::vector<ExecutedBlock> ready;
    for (std::size_t i = 0; i < done.running; ++i) {
        SpeculativeSlot& slot = *done.slots[i];
        const std::uint64_t budgetLimit = m_in.issue->budget;
        const bool overBudget
            = budgetLimit != 0 && m_in.issue->warpInstructions + slot.warpInstructions() > budgetLimit;
        if (!slot.completed() || overBudget || slot.readsAny(m_missed) || slot.readsAny(done.written)) {
            // Run again the serial way, on memory holding every block before this one's writes and read by no batch:
            // the batch begun meanwhile started where this one no longer ends, and is dropped.
            (*m_workers)->finish(other.running);
            other.running = 0;
            writeBack(done);
            done.written = simt::WrittenPages {};
            m_nextBatched = done.first + i + 1;
            ++m_rerun;
            ready.push_back(runBlock(done.first + i));
            break;
        }
        m_longestBlock = std::max(m_longestBlock, slot.warpInstructions());
        ready.push_back(madeBlock(done.first + i, slot.commit(done.written, into, takeRecycled())));
        done.unwritten = i + 1;
    }
    done.running = 0;
    if (other.running != 0) {
        m_current = 1 - m_current; // committed by the next call, which writes this one back first
    } else { // nothing runs after it: its writes go to memory now
        writeBack(done);
        done.written = simt::WrittenPages {};
    }
    m_commitSeconds += secondsSince(committing);
    return ready;
}

} // namespace engine::timing
