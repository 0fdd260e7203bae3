#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

namespace engine::timing {

/// A set of threads for batches of independent jobs: the SMs of one launch window by window (sm_window_stepper),
/// blocks run apart (block_source.h). run() hands a batch to them and the calling thread, which takes part, and
/// returns when every job is done. Batches are short (one window of a few SMs each), so idle threads spin briefly
/// before they sleep.
class WindowWorkers {
public:
    using Job = std::function<void(std::size_t)>;

    /// `threads` in all, the caller's included (1: run() calls the jobs itself). `background`: the threads
    /// started here run at a lower priority (thread_priority.h).
    explicit WindowWorkers(unsigned threads, bool background = false);
    ~WindowWorkers();
    WindowWorkers(const WindowWorkers&) = delete;
    WindowWorkers& operator=(const WindowWorkers&) = delete;

    /// Calls job(i) for every i in [0, count), each once, on whichever thread takes it.
    void run(std::size_t count, const Job& job);

private:
    void work();
    void runBatch(std::size_t count, const Job& job);
    /// Runs jobs of batch `generation` until none is left; a thread that arrives after the batch ended takes none.
    void take(std::uint64_t generation);

    static constexpr std::size_t kMaxBatch = 0xffff;

    std::vector<std::jthread> m_threads;
    int m_spins = 0; ///< how long a waiting thread spins before it sleeps
    const Job* m_job = nullptr; ///< the batch's, set before it is published
    /// The batch: its generation (bits 32-63), its job count (16-31) and its next job (0-15). A job is taken by a
    /// compare-exchange of the whole word, so a thread late for one batch never takes a job of the next, nor
    /// reads the next one's count with this one's position.
    std::atomic<std::uint64_t> m_state { 0 };
    std::atomic<std::size_t> m_done { 0 };
    std::atomic<std::uint64_t> m_generation { 0 }; ///< a new batch; kStop ends the threads
    static constexpr std::uint64_t kStop = ~std::uint64_t { 0 };
};

} // namespace engine::timing
