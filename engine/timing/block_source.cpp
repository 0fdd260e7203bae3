#include "engine/timing/block_source.h"

#include "engine/simt/fault_report.h"
#include "engine/timing/trace_memory.h"

#include <string>

namespace engine::timing {

BlockSource::BlockSource(Inputs inputs, bool ahead)
    : m_in(std::move(inputs))
{
    if (ahead && m_in.blockCount > 0)
        m_worker = std::jthread([this](const std::stop_token& stop) { work(stop); });
}

BlockSource::~BlockSource()
{
    if (m_worker.joinable()) {
        m_in.stop.request_stop(); // ends a block in progress at its next slice
        m_worker.request_stop();
        m_changed.notify_all();
    }
}

ExecutedBlock BlockSource::runBlock(std::uint64_t linear)
{
    const std::uint64_t limit = m_in.traceBytesLimit;
    const std::uint64_t held = m_heldTraceBytes.load();
    if (limit != 0)
        m_in.recorder->limitTraceBytes(limit > held ? limit - held : 1, m_in.stop);
    simt::CtaRunner& runner = *m_in.runner;
    runner.start(linear);
    if (!runner.runToCompletion(m_in.stop.get_token())) {
        if (m_in.recorder->traceOverLimit())
            return ExecutedBlock {linear, {},
                traceLimitError("block " + std::to_string(linear) + " of " + std::to_string(m_in.blockCount),
                    m_in.issue->warpInstructions, m_in.traceBytesLimit)};
        return ExecutedBlock {linear, {}, simt::describeFault(runner.context())};
    }
    *m_in.divergentBranches += runner.context().divergentBranches;
    runner.context().divergentBranches = 0;
    std::vector<WarpTrace> recycled;
    {
        const std::scoped_lock lock(m_mutex);
        if (!m_pool.empty()) {
            recycled = std::move(m_pool.back());
            m_pool.pop_back();
        }
    }
    m_heldTraceBytes -= traceBytes(recycled);
    return ExecutedBlock {linear, m_in.recorder->takeTraces(std::move(recycled)), std::nullopt};
}

void BlockSource::work(const std::stop_token& stop)
{
    for (std::uint64_t linear = 0; linear < m_in.blockCount; ++linear) {
        {
            std::unique_lock lock(m_mutex);
            if (!m_changed.wait(lock, stop, [this] { return m_queue.size() < kAheadBlocks; }))
                return;
        }
        ExecutedBlock block = runBlock(linear);
        const bool failed = block.error.has_value();
        {
            const std::scoped_lock lock(m_mutex);
            m_queue.push_back(std::move(block));
        }
        m_changed.notify_all();
        if (failed)
            return;
    }
}

ExecutedBlock BlockSource::next()
{
    ExecutedBlock block;
    if (!m_worker.joinable()) {
        block = runBlock(m_nextInline++);
    } else {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return !m_queue.empty(); });
        block = std::move(m_queue.front());
        m_queue.pop_front();
        lock.unlock();
        m_changed.notify_all();
    }
    m_heldTraceBytes += traceBytes(block.traces);
    return block;
}

void BlockSource::recycle(std::vector<WarpTrace> traces)
{
    const std::scoped_lock lock(m_mutex);
    m_pool.push_back(std::move(traces));
}

void BlockSource::finish()
{
    if (m_worker.joinable())
        m_worker.join();
}

Error traceLimitError(const std::string& who, std::uint64_t warpInstructions, std::uint64_t limitBytes)
{
    return Error {ErrorCode::InvalidArgument,
        who + " stopped after " + std::to_string(warpInstructions)
            + " warp instructions: the timing model's instruction traces outgrew this launch's limit of "
            + std::to_string(limitBytes >> 20) + " MiB (a loop that never ends? --functional runs without traces)"};
}

} // namespace engine::timing
