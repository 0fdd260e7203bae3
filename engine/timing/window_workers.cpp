#include "engine/timing/window_workers.h"

#include "engine/common/host_cores.h"
#include "engine/common/host_heap.h"
#include "engine/common/spin_turn.h"

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace engine::timing {

namespace {

    /// How long a waiting thread spins before it sleeps: a window's batch is tens of microseconds of work, and the
    /// launch's thread works alone between batches for about as long (the window's DRAM pass, retirements);
    /// waking a sleeping thread takes longer than that on a virtual machine. Measured on the 16-thread device
    /// machine (bench/README.md, "Fourth round"): 100 µs against the earlier few µs took the 16 M copy at 16 threads
    /// 1.48-1.58 s -> 1.30-1.49 s (system time 1.7-2.0 s -> 0.4-0.7 s) and muld 1 024 6.95-7.12 s -> 6.09-6.62 s;
    /// 500 µs and more were slower. On two cores the long spin took muld 1 024 at 2 threads 28.8-31.3 s ->
    /// 32.8-32.9 s: the block batches' workers (block_source.h) need the core a stepping thread spins on. So: long
    /// spins from four cores on, brief ones below, none when there are more threads than the host runs at once (a
    /// spinning thread would hold up the one with the work).
    std::chrono::microseconds spinFor(unsigned threads)
    {
        const unsigned cores = usableCores();
        if (threads > cores)
            return std::chrono::microseconds { 0 };
        return std::chrono::microseconds { cores >= 4 ? 100 : 5 };
    }

    /// How a thread spins while it waits (waitUntil).
    enum class Spin : std::uint8_t { Yielding, Pausing };

    /// Waits until done(value): spins for `spin`, then sleeps on the atomic. Spinning Yielding, each turn past the
    /// first few microseconds yields the CPU: the stepping threads and the block batches' threads (block_source.h)
    /// together outnumber the cores, and a thread that only spins keeps one from a thread with work. Measured on the
    /// 16-thread device machine (bench/README.md, "Sixteenth round"), against spins that only pause: the 16 M copy's
    /// launch on 16 threads 0.556 / 0.577 / 0.576 -> 0.457 / 0.421 / 0.484 s (its blocks run ahead 0.49-0.52 ->
    /// 0.34-0.39 s), muld 1 024 4.21 / 3.84 -> 3.99 / 3.72 s. Pausing never yields (runBatch says when).
    template <typename T, typename Pred>
    void waitUntil(const std::atomic<T>& value, std::chrono::microseconds spin, Pred done, Spin how = Spin::Yielding)
    {
        if (spin.count() > 0) {
            const auto deadline = std::chrono::steady_clock::now() + spin;
            for (unsigned turn = 1;; ++turn) {
                if (done(value.load(std::memory_order_acquire)))
                    return;
                spinTurn(how == Spin::Pausing ? 1 : turn);
                if (turn > kPausesBeforeYield && std::chrono::steady_clock::now() > deadline)
                    break;
            }
        }
        for (T now = value.load(std::memory_order_acquire); !done(now); now = value.load(std::memory_order_acquire))
            value.wait(now, std::memory_order_acquire);
    }

} // namespace

WindowWorkers::WindowWorkers(unsigned threads, unsigned guests)
    : m_count(std::max(1u, threads))
    , m_guests(std::min<std::size_t>(guests, m_count - 1))
    , m_spin(spinFor(threads))
    , m_homes(std::make_unique<std::atomic<std::uint32_t>[]>(kMaxBatch))
    , m_claims(std::make_unique<ThreadPrivate<std::atomic<std::uint32_t>>[]>(kMaxBatch))
    // None to lend on one thread.
    , m_inside(m_count > 1 ? std::make_unique<ThreadPrivate<std::atomic<bool>>[]>(m_count) : nullptr)
{
    for (std::size_t i = 0; i < kMaxBatch; ++i) {
        m_homes[i].store(0, std::memory_order_relaxed);
        m_claims[i].value.store(0, std::memory_order_relaxed);
    }
    for (std::size_t t = 1; t < m_count - m_guests; ++t) {
        m_threads.emplace_back([this, t] { work(t); });
    }
}

WindowWorkers::~WindowWorkers()
{
    m_generation.store(kStop, std::memory_order_release);
    m_generation.notify_all();
    m_threads.clear(); // joins them while the atomics they read are still there
}

bool WindowWorkers::claim(std::size_t i, std::uint32_t batch)
{
    std::atomic<std::uint32_t>& slot = m_claims[i].value;
    std::uint32_t seen = slot.load(std::memory_order_relaxed);
    while (seen < batch) {
        if (slot.compare_exchange_weak(seen, batch, std::memory_order_acq_rel)) {
            (*m_job)(i); // taken in this batch, which does not end before take() counts it done: m_job is its job
            return true;
        }
    }
    return false;
}

void WindowWorkers::markDone(std::size_t jobs)
{
    if (jobs == 0)
        return;
    if (m_done.fetch_add(jobs, std::memory_order_acq_rel) + jobs == static_cast<std::uint32_t>(m_state.load()))
        m_done.notify_all();
}

bool WindowWorkers::take(std::size_t self, std::uint32_t batch, std::size_t count, bool one)
{
    // The jobs this thread ran are counted done once, at the end: one change of the shared count a thread, not one
    // a job.
    std::size_t ran = 0;
    for (std::size_t i = 0; i < count && !(one && ran != 0); ++i) {
        if (m_homes[i].load(std::memory_order_relaxed) == self)
            ran += claim(i, batch) ? 1u : 0u;
    }
    // What is left, each thread starting at its own place so that the helpers do not queue for the same job.
    const std::size_t from = count * self / m_count;
    for (std::size_t k = 0; k < count && !(one && ran != 0); ++k)
        ran += claim((from + k) % count, batch) ? 1u : 0u;
    markDone(ran);
    return ran != 0;
}

void WindowWorkers::work(std::size_t self)
{
    adviseThreadHeap(); // the SMs this thread steps allocate their slots here
    std::uint64_t seen = 0;
    for (;;) {
        if (self < m_lent.load(std::memory_order_acquire))
            helpUntilBatch(self, seen);
        waitUntil(m_generation, m_spin, [seen](std::uint64_t g) { return g != seen; });
        seen = m_generation.load(std::memory_order_acquire);
        if (seen == kStop)
            return;
        const std::uint64_t state = m_state.load(std::memory_order_acquire);
        if (state >> 32 != (seen & 0xffffffffu))
            continue; // a later batch was published meanwhile: the next wait sees it
        take(self, static_cast<std::uint32_t>(seen), static_cast<std::size_t>(state & 0xffffffffu));
    }
}

void WindowWorkers::helpUntilBatch(std::size_t self, std::uint64_t seen)
{
    std::atomic<bool>& inside = m_inside[self].value;
    for (unsigned turn = 1; m_generation.load(std::memory_order_acquire) == seen;) {
        inside.store(true); // then m_lent read: lendIdle's store of m_lent and read of `inside`, the other way round
        if (self >= m_lent.load()) {
            inside.store(false, std::memory_order_release);
            return;
        }
        const bool found = m_lend(self);
        inside.store(false, std::memory_order_release);
        if (found)
            turn = 1;
        else
            spinTurn(turn++);
    }
}

void WindowWorkers::lendIdle(std::function<bool(std::size_t self)> help, std::size_t lent)
{
    m_lent.store(0);
    for (std::size_t t = 0; m_inside && t < m_count; ++t) {
        while (m_inside[t].value.load())
            spinTurn(kPausesBeforeYield + 1);
    }
    m_lend = std::move(help);
    if (m_lend)
        m_lent.store(std::min(lent, m_count));
}

void WindowWorkers::narrowLent(std::size_t lent)
{
    m_lent.store(std::min(lent, m_lent.load()));
}

bool WindowWorkers::helpOne(std::size_t self)
{
    const std::uint64_t generation = m_generation.load(std::memory_order_acquire);
    const std::uint64_t state = m_state.load(std::memory_order_acquire);
    if (generation == kStop || state >> 32 != (generation & 0xffffffffu))
        return false; // a batch being published: the next call sees it
    return take(self, static_cast<std::uint32_t>(generation), static_cast<std::size_t>(state & 0xffffffffu), true);
}

void WindowWorkers::run(std::size_t count, const Job& job, const Home& home)
{
    if (count == 0)
        return;
    if (m_count == 1 || count == 1) {
        for (std::size_t i = 0; i < count; ++i)
            job(i);
        return;
    }
    for (std::size_t first = 0; first < count; first += kMaxBatch) { // a slot per job of a batch
        const std::size_t size = std::min(kMaxBatch, count - first);
        if (first == 0 && size == count) {
            runBatch(size, job, home);
            continue;
        }
        const Job part = [&job, first](std::size_t i) { job(first + i); };
        const Home partHome = [&home, first](std::size_t i) { return home ? home(first + i) : first + i; };
        runBatch(size, part, partHome);
    }
}

std::uint32_t WindowWorkers::publish(std::size_t count, const Job& job, const Home& home)
{
    const std::uint64_t generation = m_generation.load(std::memory_order_relaxed) + 1;
    const auto batch = static_cast<std::uint32_t>(generation);
    m_job = &job;
    for (std::size_t i = 0; i < count; ++i)
        m_homes[i].store(static_cast<std::uint32_t>((home ? home(i) : i) % m_count), std::memory_order_relaxed);
    m_done.store(0, std::memory_order_relaxed);
    m_state.store(std::uint64_t { batch } << 32 | count, std::memory_order_release);
    m_generation.store(generation, std::memory_order_release); // wakes the threads
    m_generation.notify_all();
    return batch;
}

void WindowWorkers::runBatch(std::size_t count, const Job& job, const Home& home)
{
    take(0, publish(count, job, home), count);
    // The caller keeps its core while it waits for the others' jobs: it alone goes on once they are done (the
    // window's next phase, its serial steps), and a caller that yielded to a thread sharing its core (measured with
    // the block batches' committing thread beside 16 stepping threads: 17 threads on 16 cores) came back only when that
    // thread's time slice ended. On the device machine (bench/README.md, "Twenty-fourth round"), the 16 M copy on 16
    // threads, last job's end to run()'s return over a launch's 394 windows: stepping 0.024-0.050 s, the L2 pass's
    // shares 0.016-0.037 s, settling 0.007-0.012 s yielding, at most 0.0014 s each pausing; the launch 0.422 / 0.422 /
    // 0.351 -> 0.368 / 0.320 / 0.294 s. Where threads outnumber the cores there is no spin at all (spinFor).
    waitUntil(m_done, m_spin, [count](std::size_t done) { return done == count; }, Spin::Pausing);
}

namespace {

    /// Whether begin() hands out `count` jobs to other threads, or runs them itself.
    bool handsOut(bool others, std::size_t count, std::size_t most) { return others && count > 1 && count <= most; }

} // namespace

void WindowWorkers::begin(std::size_t count, const Job& job, const Home& home)
{
    if (handsOut(m_count > 1, count, kMaxBatch))
        (void)publish(count, job, home);
    else
        run(count, job, home);
}

void WindowWorkers::finish(std::size_t count)
{
    if (!handsOut(m_count > 1, count, kMaxBatch))
        return;
    take(0, static_cast<std::uint32_t>(m_generation.load(std::memory_order_relaxed)), count);
    waitUntil(m_done, m_spin, [count](std::size_t done) { return done == count; });
}

} // namespace engine::timing
