#include "engine/timing/window_workers.h"

#include "engine/timing/thread_priority.h"

#include <algorithm>

namespace engine::timing {

namespace {

    /// Spins this many times on a changing atomic before sleeping on it: a window's batch is tens of
    /// microseconds of work, shorter than waking a sleeping thread. Not when there are more threads than the
    /// host runs at once: a spinning thread would hold up the one with the work.
    constexpr int kSpins = 4000;

    template <typename T, typename Pred> void waitUntil(const std::atomic<T>& value, int spins, Pred done)
    {
        for (int i = 0; i < spins; ++i) {
            const T now = value.load(std::memory_order_acquire);
            if (done(now))
                return;
        }
        for (T now = value.load(std::memory_order_acquire); !done(now); now = value.load(std::memory_order_acquire))
            value.wait(now, std::memory_order_acquire);
    }

} // namespace

WindowWorkers::WindowWorkers(unsigned threads, bool background)
    : m_spins(threads <= std::max(1u, std::thread::hardware_concurrency()) ? kSpins : 0)
{
    for (unsigned t = 1; t < threads; ++t) {
        m_threads.emplace_back([this, background] {
            if (background)
                lowerThreadPriority();
            work();
        });
    }
}

WindowWorkers::~WindowWorkers()
{
    m_generation.store(kStop, std::memory_order_release);
    m_generation.notify_all();
    m_threads.clear(); // joins them while the atomics they read are still there
}

void WindowWorkers::take(std::uint64_t generation)
{
    const auto batch = static_cast<std::uint32_t>(generation);
    std::uint64_t state = m_state.load(std::memory_order_acquire);
    for (;;) {
        const auto next = static_cast<std::size_t>(state & 0xffffu);
        const auto count = static_cast<std::size_t>((state >> 16) & 0xffffu);
        if (static_cast<std::uint32_t>(state >> 32) != batch || next >= count)
            return;
        if (!m_state.compare_exchange_weak(state, state + 1, std::memory_order_acq_rel))
            continue;
        (*m_job)(next); // the batch is still running: job `next` of it is not done yet
        if (m_done.fetch_add(1, std::memory_order_acq_rel) + 1 == count)
            m_done.notify_all();
        state = m_state.load(std::memory_order_acquire);
    }
}

void WindowWorkers::work()
{
    std::uint64_t seen = 0;
    for (;;) {
        waitUntil(m_generation, m_spins, [seen](std::uint64_t g) { return g != seen; });
        seen = m_generation.load(std::memory_order_acquire);
        if (seen == kStop)
            return;
        take(seen);
    }
}

void WindowWorkers::run(std::size_t count, const Job& job)
{
    if (count == 0)
        return;
    if (m_threads.empty() || count == 1) {
        for (std::size_t i = 0; i < count; ++i)
            job(i);
        return;
    }
    for (std::size_t first = 0; first < count; first += kMaxBatch) { // the state word holds 16-bit counts
        const std::size_t size = std::min(kMaxBatch, count - first);
        const Job part = [&job, first](std::size_t i) { job(first + i); };
        runBatch(size, first == 0 && size == count ? job : part);
    }
}

void WindowWorkers::runBatch(std::size_t count, const Job& job)
{
    const std::uint64_t generation = m_generation.load(std::memory_order_relaxed) + 1;
    m_job = &job;
    m_done.store(0, std::memory_order_relaxed);
    // One word: a thread takes a job only while generation, count and position are all this batch's.
    m_state.store((generation & 0xffffffffu) << 32 | std::uint64_t { count } << 16, std::memory_order_release);
    m_generation.store(generation, std::memory_order_release); // wakes the threads
    m_generation.notify_all();
    take(generation);
    waitUntil(m_done, m_spins, [count](std::size_t done) { return done == count; });
}

} // namespace engine::timing
