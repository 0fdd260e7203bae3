#pragma once

#include "engine/timing/window_workers.h"

#include <memory>

namespace engine::timing {

/// A set of WindowWorkers borrowed from the process for one launch and given back when it ends, so that the next
/// launch finds its threads started: a short launch on 16 threads spent more on starting and ending its 31 threads
/// (their stacks and heaps faulted in anew each time) than on its work — PolyBench lu, 65 launches of a few thousand
/// warp instructions, took 68 ms on 16 threads against 16 ms on one (bench/README.md). An idle set's threads sleep.
/// Sets of one thread are no threads at all and are not kept.
class PooledWorkers {
public:
    /// An idle set of `threads` threads in all (the caller's included), or a new one when none is idle. A set with
    /// `guests` (WindowWorkers) is always new, and not kept.
    explicit PooledWorkers(unsigned threads, unsigned guests = 0);
    /// Gives the set back (at most kIdleSets idle sets are kept; others end their threads).
    ~PooledWorkers();
    PooledWorkers(const PooledWorkers&) = delete;
    PooledWorkers& operator=(const PooledWorkers&) = delete;

    WindowWorkers& operator*() const { return *m_workers; }
    WindowWorkers* operator->() const { return m_workers.get(); }

    /// Idle sets kept: a sweep runs a launch per core at once, each with its own sets.
    static constexpr std::size_t kIdleSets = 8;
    /// The sets idle now, of any size.
    static std::size_t idleCount();

private:
    std::unique_ptr<WindowWorkers> m_workers;
};

} // namespace engine::timing
