#pragma once

#include "engine/common/result.h"
#include "engine/simt/cta_runner.h"
#include "engine/timing/block_recorder.h"
#include "engine/timing/warp_trace.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

namespace engine::timing {

/// The error that stops a launch whose instruction traces outgrew the limit: "`who` stopped after ...".
Error traceLimitError(const std::string& who, std::uint64_t warpInstructions, std::uint64_t limitBytes);

/// A block that ran functionally: its warps' instruction traces, or the error that stopped it.
struct ExecutedBlock {
    std::uint64_t linear = 0;
    std::vector<WarpTrace> traces;
    std::optional<Error> error;
};

/// Runs a launch's blocks functionally, one after the other in linear order, and hands their traces to the
/// timing model in that order. Inline (one thread), a block runs when the timing model asks for it. Ahead
/// (two threads or more), a worker thread runs the blocks and queues up to kAheadBlocks of them while the
/// timing model replays the earlier ones.
///
/// Why the results do not change: the functional run of a block never depends on the timing model. Blocks
/// are dispatched in linear order whatever SM takes them (timed_launch.cpp), so the serial run executes
/// them in linear order too; the worker does exactly that, on the same CtaRunner, recorder and counters, so
/// memory contents, traces and every counter are the ones the serial run gives, and the timing model,
/// which reads only the traces, computes the same cycles. Blocks that communicate through global memory or
/// atomics see each other's values as they do serially. Only the launch's host-memory bound differs: queued
/// blocks hold traces beyond those the trace limit counts (at most kAheadBlocks blocks' worth).
///
/// Not for sampled launches: sampling decides from the timing when to stop dispatching, and blocks run
/// ahead would already have written memory. The worker lives in this object; the counters it updates (the
/// runner's, the recorder's) may be read once finish() returned.
class BlockSource {
public:
    static constexpr std::size_t kAheadBlocks = 8;

    struct Inputs {
        simt::CtaRunner* runner = nullptr;
        BlockRecorder* recorder = nullptr;
        const simt::IssueCounters* issue = nullptr;
        std::uint64_t* divergentBranches = nullptr; ///< the launch's total, updated after each block
        std::uint64_t blockCount = 0;
        std::uint64_t traceBytesLimit = 0; ///< 0: unbounded
        std::stop_source stop; ///< the caller's cancellation, requested too when the traces outgrow the limit
    };

    BlockSource(Inputs inputs, bool ahead);
    ~BlockSource();
    BlockSource(const BlockSource&) = delete;
    BlockSource& operator=(const BlockSource&) = delete;

    /// The next block in linear order (waits for the worker when ahead). Call at most blockCount times.
    ExecutedBlock next();
    /// Gives back the traces of a finished block for reuse (they keep counting as held).
    void recycle(std::vector<WarpTrace> traces);
    /// Waits for the worker to end; afterwards the runner's and recorder's counters are final.
    void finish();

private:
    ExecutedBlock runBlock(std::uint64_t linear);
    void work(const std::stop_token& stop);

    Inputs m_in;
    std::uint64_t m_nextInline = 0;
    std::mutex m_mutex;
    std::condition_variable_any m_changed;
    std::deque<ExecutedBlock> m_queue; ///< run, not yet taken (ahead)
    std::vector<std::vector<WarpTrace>> m_pool; ///< traces of retired blocks, for reuse
    /// Host bytes of the traces outside the recorder and the queue: resident blocks' and the pool's.
    std::atomic<std::uint64_t> m_heldTraceBytes {0};
    std::jthread m_worker;
};

} // namespace engine::timing
