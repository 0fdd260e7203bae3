#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

namespace engine::timing {

/// A set of threads for batches of independent jobs: the SMs of one launch window by window (sm_window_stepper),
/// blocks run apart (block_source.h). run() hands a batch to them and the calling thread, which takes part, and
/// returns when every job is done. Batches are short (one window of a few SMs each), so idle threads spin briefly
/// before they sleep.
///
/// Each job has a home thread: thread k (the caller is 0) first takes the jobs whose home is k, then helps with
/// whatever is left. An SM stepped window after window by the same thread keeps its warps, scoreboards and L1 in
/// that core's caches instead of moving to whichever thread came first; a thread done early still balances the
/// load.
class WindowWorkers {
public:
    using Job = std::function<void(std::size_t)>;
    /// Job i's home: its thread is home(i) modulo the thread count. Empty: job i's home is i.
    using Home = std::function<std::size_t(std::size_t)>;

    /// `threads` in all, the caller's included (1: run() calls the jobs itself).
    explicit WindowWorkers(unsigned threads);
    ~WindowWorkers();
    WindowWorkers(const WindowWorkers&) = delete;
    WindowWorkers& operator=(const WindowWorkers&) = delete;

    /// Threads in all, the caller's included.
    std::size_t threads() const { return m_count; }
    /// Calls job(i) for every i in [0, count), each once, on whichever thread takes it (its home thread first).
    void run(std::size_t count, const Job& job, const Home& home = {});

    /// run() in two halves, so that the caller may do other work while the other threads run the jobs: begin() hands
    /// them out and returns at once; finish(count), given the same count, takes the jobs no thread has taken yet and
    /// returns when every one is done. `job` and `home` must live until finish(), which must come before the next
    /// begin() or run(). With no other thread, or more than kMaxBatch jobs, begin() runs them all itself.
    void begin(std::size_t count, const Job& job, const Home& home = {});
    void finish(std::size_t count);

    /// Jobs begin() may hand out at once.
    static constexpr std::size_t kMaxBatch = 256;

private:
    void work(std::size_t self);
    void runBatch(std::size_t count, const Job& job, const Home& home);
    /// Publishes a batch of `count` jobs to the other threads; returns its number (the low 32 bits of its generation).
    std::uint32_t publish(std::size_t count, const Job& job, const Home& home);
    /// Thread `self`'s part of batch `batch` (the low 32 bits of its generation) of `count` jobs: its home jobs,
    /// then any left. A thread that arrives after the batch ended takes none.
    void take(std::size_t self, std::uint32_t batch, std::size_t count);
    /// Runs job i of `batch` if no thread has taken it yet.
    void claim(std::size_t i, std::uint32_t batch);

    std::vector<std::jthread> m_threads;
    std::size_t m_count = 1; ///< threads in all, the caller's included
    std::chrono::microseconds m_spin { 0 }; ///< how long a waiting thread spins before it sleeps
    const Job* m_job = nullptr; ///< the batch's, set before it is published
    /// Per job slot: the batch's home thread of the job, set before the batch is published (atomic: a thread late
    /// for the last batch may still read them, to no effect).
    std::unique_ptr<std::atomic<std::uint32_t>[]> m_homes;
    /// Per job slot: the last batch that took it (the low 32 bits of its generation). Job i of batch b is free
    /// while its slot holds less than b: a thread late for an earlier batch can take nothing of a later one.
    std::unique_ptr<std::atomic<std::uint32_t>[]> m_claims;
    /// The batch: its generation (bits 32-63) and its job count (0-31), published together.
    std::atomic<std::uint64_t> m_state { 0 };
    std::atomic<std::size_t> m_done { 0 };
    std::atomic<std::uint64_t> m_generation { 0 }; ///< a new batch; kStop ends the threads
    static constexpr std::uint64_t kStop = ~std::uint64_t { 0 };
};

} // namespace engine::timing
