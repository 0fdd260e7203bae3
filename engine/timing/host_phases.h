#pragma once

#include <chrono>
#include <cstdint>

namespace engine::timing {

/// Where a timed launch's wall time went on the host, phase by phase (seconds). Not a result: it differs from run
/// to run and with the thread count, and nothing but benchmarks reads it (bench/launch_phases.cpp). Windowed
/// launches fill every field; the one-thread event loop (kernels with asynchronous copies) has no windows: its whole
/// loop counts as `stepping` (its `blockWait` within it), and the L2 pass, settling and retiring stay 0.
struct HostPhases {
    double beforeWindows = 0; ///< plan, occupancy, the SMs built, the first wave dispatched (its blocks run)
    double stepping = 0; ///< the SMs stepping through their windows, on every stepping thread
    double l2Pass = 0; ///< the windows' requests through the L2, the atomic units and DRAM
    /// Of `l2Pass`, when it is shared among threads (l2_pass.cpp): the window's requests put in order; the threads'
    /// ranges of sets; DRAM's queue on one thread; the arrivals and fills on every thread.
    double l2Order = 0;
    double l2Shares = 0;
    double l2Dram = 0;
    double l2Arrivals = 0;
    double settling = 0; ///< tickets become cycles on the SMs; intervals handed to the recorder
    double retiring = 0; ///< finished blocks retired and the next ones dispatched, `blockWait` included
    double blockWait = 0; ///< of `retiring`: waiting for the functional run's next block
    /// The windows' own steps on the launch's thread, between the phases above: each window's start and due SMs
    /// chosen, the SMs' next events gathered, the choice of threads for the next window.
    double bookkeeping = 0;
    double afterWindows = 0; ///< the result gathered, then the SMs, traces and functional workers freed
    /// The seconds the jobs of the phases run on several threads took, all threads together (as against the phase's
    /// wall seconds times its threads: what waiting for each other cost): stepping the SMs, the L2 pass's shares,
    /// settling.
    double steppingBusy = 0;
    double l2SharesBusy = 0;
    double settlingBusy = 0;
    /// The functional run of the blocks (block_source.h) on the thread that runs them ahead, beside the phases above:
    /// its wall seconds running blocks (batches, or one by one; not its rests), and the seconds of the batch
    /// threads' jobs and its own commits together. 0 when the blocks run on the launch's thread (inside `blockWait`
    /// or `beforeWindows`).
    double blocksAhead = 0;
    double blocksAheadBusy = 0;
    /// Of `blocksAhead`, the blocks' thread alone: batches committed, blocks run again, blocks run one by one.
    double blocksCommitting = 0;
    std::uint64_t windows = 0;
    std::uint64_t sharedWindows = 0; ///< of `windows`, those stepped on more than one thread
    /// Whether the phases are timed at all (TimingOptions::timePhases). Untimed, the seconds stay 0 and no clock is
    /// read: a launch of a few hundred instructions per window spent several per cent of its time reading it.
    bool timed = false;
};

/// Wall seconds from `began` to now.
inline double secondsSince(std::chrono::steady_clock::time_point began)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
}

/// Adds the seconds from its construction to its destruction to one field of `phases`, when they are timed.
class PhaseTimer {
public:
    PhaseTimer(const HostPhases& phases, double& into)
        : m_into(phases.timed ? &into : nullptr)
    {
        if (m_into)
            m_start = std::chrono::steady_clock::now();
    }
    ~PhaseTimer()
    {
        if (m_into)
            *m_into += secondsSince(m_start);
    }
    PhaseTimer(const PhaseTimer&) = delete;
    PhaseTimer& operator=(const PhaseTimer&) = delete;

private:
    double* m_into;
    std::chrono::steady_clock::time_point m_start;
};

} // namespace engine::timing
