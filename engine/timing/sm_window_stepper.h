#pragma once

#include "engine/common/error.h"
#include "engine/common/host_cache.h"
#include "engine/device/device_profile.h"
#include "engine/timing/host_phases.h"
#include "engine/timing/interval_recorder.h"
#include "engine/timing/memory_hierarchy.h"
#include "engine/timing/pooled_workers.h"
#include "engine/timing/sm_model.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <utility>
#include <vector>

namespace engine::timing {

/// Steps the SMs of one launch window by window, the SMs of a window on several threads, with results that do
/// not depend on the number of threads (issue 24).
///
/// A window is a stretch of cycles [T, T + W) starting at the earliest SM event. Within it every SM steps on
/// its own — its warps, pipes, shared memory and L1 are its own — and what it sends past its L1 waits in its
/// queue (MemoryHierarchy::deferBelowL1). W is at most the shortest latency past the L1 (an L2 hit, or DRAM
/// where there is no L2), so nothing sent in a window returns within it: no SM could have seen another's
/// traffic earlier, and the results stand for tickets until the window ends. Then, on the launch's thread,
/// the queues reach the L2, the atomic units and DRAM in (cycle, SM, issue) order; the tickets of each SM become
/// cycles on the threads again (nothing but the SM's own state changes); and blocks that finished retire in
/// (cycle, SM) order, the next blocks going to their SMs, which start block_replacement_cycles after each
/// retirement: past the window's end when W is no longer than that (windowCycles), else from the window's end on
/// (at most W - 1 cycles late). This is
/// the conservative, lookahead-bounded synchronization of parallel discrete-event simulation (Chandy and
/// Misra; in GPU simulators, e.g. the SM-parallel Accel-Sim), here with the L2 latency as the lookahead.
class SmWindowStepper {
public:
    /// What the launch does when a block finished on `sm`: count it and give the SM its next block.
    using Retire = std::function<std::optional<Error>(std::uint32_t sm, FinishedBlock& block)>;

    /// `threads` in all, `guests` of them someone else's that helpOne() when they are free (WindowWorkers).
    /// `shareL2Pass`: the window's L2 pass runs on the stepping threads too (MemoryHierarchy::applyWindow).
    SmWindowStepper(std::vector<SmModel>& sms, MemoryHierarchy& memory, IntervalRecorder& intervals,
        unsigned threads, unsigned guests, std::uint64_t windowCycles, bool shareL2Pass = true);

    /// Steps until no SM has anything left to do (the memory defers below the L1: deferBelowL1). `nextEvent[sm]`: the cycle SM `sm` next has something to do
    /// (kNever: nothing); kept up to date. Stops with `cancelled()` when `stop` is requested (checked once a
    /// window), or with the first error `retire` returns.
    std::optional<Error> run(std::vector<std::uint64_t>& nextEvent, const Retire& retire,
        const std::stop_token& stop, const std::function<Error()>& cancelled);

    /// The wall seconds of each phase of the windows so far (HostPhases: stepping, the L2 pass, settling, retiring).
    const HostPhases& phases() const { return m_phases; }

    /// Windows run on every thread only while `when()` holds too (asked once a window, on the calling thread): the
    /// pipeline of two threads shares its cores with the thread that runs the blocks ahead (timed_launch.cpp).
    void shareOnlyWhen(std::function<bool()> when) { m_shareWhen = std::move(when); }
    /// One job of the window's work running now, if one is left (WindowWorkers::helpOne): from guest `self`'s
    /// thread, `self` from threads - guests to threads - 1.
    bool helpOne(std::size_t self) { return m_workers->helpOne(self); }
    /// Threads in all, the guests included.
    std::size_t threads() const { return m_workers->threads(); }
    /// Whether phases() is measured (TimingOptions::timePhases); it is not until this says so.
    void timePhases(bool on) { m_phases.timed = on; }

private:
    std::optional<Error> retireInOrder(const Retire& retire);
    /// Runs job(i) for i in [0, count): on every thread when the last window's stepping was worth it, else here.
    /// `seconds`: the wall seconds the jobs took, which add up to their busy time (one entry per job when they ran
    /// on the threads, one for all when here).
    /// Per job: its seconds, each written by the thread that ran it.
    using JobSeconds = std::vector<ThreadPrivate<double>>;
    void share(std::size_t count, const WindowWorkers::Job& job, const WindowWorkers::Home& home, JobSeconds& seconds);

    std::vector<SmModel>& m_sms;
    MemoryHierarchy& m_memory;
    IntervalRecorder& m_intervals;
    PooledWorkers m_workers;
    std::uint64_t m_window;
    bool m_shareL2Pass = true;
    std::vector<std::uint32_t> m_due; ///< the SMs with something to do in the current window
    std::vector<std::pair<std::uint32_t, FinishedBlock>> m_retiring; ///< (SM, block) of the window, by finish cycle
    JobSeconds m_stepSeconds; ///< what stepping the due SMs took in the last window (share)
    JobSeconds m_settleSeconds; ///< what settling them took in the last window (share)
    bool m_parallel = false; ///< the window runs on every thread (kParallelWindowSeconds, m_shareWhen)
    std::function<bool()> m_shareWhen;
    HostPhases m_phases;
};

/// A window whose SMs took less than this to step, all together, runs its next window's jobs on the launch's thread
/// alone: handing a window to 16 threads and waiting for them costs tens of microseconds on the device machine, and
/// launches that step a few SMs in hundreds of windows (PolyBench atax: 254 windows of one SM) ran twice as long on
/// 16 threads as on one. Which thread steps an SM changes nothing of the results.
inline constexpr double kParallelWindowSeconds = 50e-6;

/// W for a launch on `profile`: the shortest latency past the L1 — an L2 hit, or a DRAM access without an L2
/// (profile `timing`) — so that nothing sent in a window returns within it. A block replacing one that retired
/// within a window starts block_replacement_cycles after the retirement: when W is no longer than that, it starts
/// past the window's end, where the serial order would start it, and the launch does not depend on W at all. A
/// profile without that time (0) bounds W instead by the delay of a block started by a retirement within a
/// window, which then waits for its end: at most 1/kBlockDelayShare of the fewest cycles a block of the launch's
/// first wave can take (`fewestBlockCycles`: its longest warp's instructions, a warp issuing at most one per
/// cycle), but never less than kMinWindowCycles; so such a block starts at most ~3 % of its shortest possible run
/// late, and launches of long blocks step in long windows, with fewer of the waits that end each.
std::uint64_t windowCycles(const DeviceProfile& profile, std::uint64_t fewestBlockCycles);
inline constexpr std::uint64_t kMinWindowCycles = 16;
inline constexpr std::uint64_t kBlockDelayShare = 32;

} // namespace engine::timing
