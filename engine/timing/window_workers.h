#pragma once

#include "engine/common/host_cache.h"

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
///
/// Some of the threads may be guests: threads of someone else's that call helpOne() when they have nothing of their
/// own to do. The pipeline of two threads (stepper_guests.h) steps the SMs with the thread that runs the blocks ahead
/// as its guest, which helps while its queue is full: a thread of the set's own there would be a third thread on two
/// cores, and the scheduler often gave the core to the blocks' thread instead.
class WindowWorkers {
public:
    using Job = std::function<void(std::size_t)>;
    /// Job i's home: its thread is home(i) modulo the thread count. Empty: job i's home is i.
    using Home = std::function<std::size_t(std::size_t)>;

    /// `threads` in all, the caller's and `guests` included (1: run() calls the jobs itself): the set starts
    /// threads - guests - 1 threads of its own.
    explicit WindowWorkers(unsigned threads, unsigned guests = 0);
    ~WindowWorkers();
    WindowWorkers(const WindowWorkers&) = delete;
    WindowWorkers& operator=(const WindowWorkers&) = delete;

    /// Threads in all, the caller's and the guests included.
    std::size_t threads() const { return m_count; }
    /// Of threads(), the guests: threads() - guests() to threads() - 1.
    std::size_t guests() const { return m_guests; }
    /// Calls job(i) for every i in [0, count), each once, on whichever thread takes it (its home thread first).
    void run(std::size_t count, const Job& job, const Home& home = {});

    /// run() in two halves, so that the caller may do other work while the other threads run the jobs: begin() hands
    /// them out and returns at once; finish(count), given the same count, takes the jobs no thread has taken yet and
    /// returns when every one is done. `job` and `home` must live until finish(), which must come before the next
    /// begin() or run(). With no other thread, or more than kMaxBatch jobs, begin() runs them all itself.
    void begin(std::size_t count, const Job& job, const Home& home = {});
    void finish(std::size_t count);

    /// Guest `self` (threads() - guests() to threads() - 1) runs one job of the batch running now, if one is left:
    /// one of its home jobs first, as thread `self` would. Returns whether it ran one. One job a call, so that a
    /// guest goes back to its own work as soon as that is there again.
    bool helpOne(std::size_t self);

    /// While `help` is set, threads 1 to `lent` - 1 of this set, when they have no job of its own, call help(self)
    /// over and over instead of sleeping (pausing while it finds nothing to do): the block batches' threads are so
    /// the guests of the SMs' windows (stepper_guests.h), and the cores run one thread each instead of one of each
    /// set. Empty: they sleep again. On the caller's thread; returns once no thread runs the `help` before.
    void lendIdle(std::function<bool(std::size_t self)> help, std::size_t lent);
    /// Lends only threads 1 to `lent` - 1 of those lent (lendIdle) from now on: the others sleep again, the rest
    /// help on without a pause.
    void narrowLent(std::size_t lent);

    /// Jobs begin() may hand out at once.
    static constexpr std::size_t kMaxBatch = 256;

private:
    void work(std::size_t self);
    /// Thread `self`, lent (lendIdle), until a batch after `seen` is published or it is no longer lent.
    void helpUntilBatch(std::size_t self, std::uint64_t seen);
    void runBatch(std::size_t count, const Job& job, const Home& home);
    /// Publishes a batch of `count` jobs to the other threads; returns its number (the low 32 bits of its generation).
    std::uint32_t publish(std::size_t count, const Job& job, const Home& home);
    /// Thread `self`'s part of batch `batch` (the low 32 bits of its generation) of `count` jobs: its home jobs,
    /// then any left; only the first it finds when `one` (helpOne). A thread that arrives after the batch ended
    /// takes none. Returns whether it ran any.
    bool take(std::size_t self, std::uint32_t batch, std::size_t count, bool one = false);
    /// Runs job i of `batch` if no thread has taken it yet; returns whether it ran it.
    bool claim(std::size_t i, std::uint32_t batch);
    /// Counts `jobs` more of the batch done, and wakes the caller when that was the last of them.
    void markDone(std::size_t jobs);

    std::vector<std::jthread> m_threads;
    std::size_t m_count = 1; ///< threads in all, the caller's and the guests included
    std::size_t m_guests = 0;
    std::chrono::microseconds m_spin { 0 }; ///< how long a waiting thread spins before it sleeps
    const Job* m_job = nullptr; ///< the batch's, set before it is published
    /// Per job slot: the batch's home thread of the job, set before the batch is published (atomic: a thread late
    /// for the last batch may still read them, to no effect).
    std::unique_ptr<std::atomic<std::uint32_t>[]> m_homes;
    /// Per job slot: the last batch that took it (the low 32 bits of its generation). Job i of batch b is free
    /// while its slot holds less than b: a thread late for an earlier batch can take nothing of a later one. Each
    /// in a host cache line of its own: threads take their home jobs i, i + threads, ... at once, and slots side by
    /// side in one line made every thread's claim wait for the others'.
    std::unique_ptr<ThreadPrivate<std::atomic<std::uint32_t>>[]> m_claims;
    /// The batch: its generation (bits 32-63) and its job count (0-31), published together. It, the jobs done
    /// and the generation the idle threads watch each have a host cache line: the count changes with every thread
    /// done, and would take the line of the others from the threads reading them.
    alignas(kThreadPrivateAlign) std::atomic<std::uint64_t> m_state { 0 };
    alignas(kThreadPrivateAlign) std::atomic<std::size_t> m_done { 0 };
    alignas(kThreadPrivateAlign) std::atomic<std::uint64_t> m_generation { 0 }; ///< a new batch; kStop ends the threads
    /// lendIdle's: the help, set while m_lent is 0, and the threads lent (0: none). A lent thread marks itself inside
    /// before it reads m_lent again (its own host cache line), so that lendIdle, having cleared m_lent, waits
    /// for those inside without the threads' spinning sharing a line.
    std::function<bool(std::size_t)> m_lend;
    std::atomic<std::size_t> m_lent { 0 };
    std::unique_ptr<ThreadPrivate<std::atomic<bool>>[]> m_inside;
    static constexpr std::uint64_t kStop = ~std::uint64_t { 0 };
};

} // namespace engine::timing
