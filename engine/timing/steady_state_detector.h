#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace engine::timing {

/// Sampled simulation of homogeneous waves, an option of the timing model. A large grid runs as many waves
/// of identical blocks; once block completions settle to a steady rate, simulating further waves only
/// repeats it. The launch then stops dispatching, lets the resident blocks finish, and extrapolates: the
/// blocks never run take the measured rate, the counters scale by blocks in the grid ÷ blocks simulated.
/// The idea is thread-block sampling of GPU kernels as in TBPoint (J.-C. Huang, L. Nai, H. Kim, H.-H. S. Lee,
/// "TBPoint: Reducing Simulation Time for Large-Scale GPGPU Kernels", 2014: homogeneous regions of a kernel
/// are simulated in part and their rate extrapolated); the stability test here is this model's own. Output
/// buffers of a sampled launch are incomplete (TimedLaunch::sampled).
struct SamplingOptions {
    bool enabled = false;
    /// Two spans of windows agree when their block throughputs (and their blocks' DRAM bytes) differ by at most
    /// this fraction of the higher.
    double tolerance = 0.01;
    /// k: the last 2k windows after the first (the ramp-up wave) are compared as two halves of k windows. 4
    /// measured best on the bundled offset sweep (bench/README.md): with 3, slow swings of the one-wave rate
    /// on G80 and Fermi left errors up to 1.5 %.
    std::uint32_t stableWindows = 4;
};

/// The fraction of the L2's lines that hold data (MemoryHierarchy::l2Fill). While it grows, the L2 evicts
/// nothing, so it writes nothing back: waves of that time cost less DRAM traffic than the later ones.
struct CacheFill {
    double l2 = 0;
};

/// What one retired block's accesses cost below the SM (write-backs they caused included).
struct BlockCost {
    std::uint64_t dramBytes = 0; ///< read and written
    std::uint64_t l1HitSectors = 0;
    std::uint64_t l2HitSectors = 0;
};

/// Watches a launch's block completions in windows of one full wave (SMs × resident blocks per SM) and says
/// when the last 2k windows after the first (k = `stableWindows`), taken as two halves of k windows, retired
/// blocks at the same rate within `tolerance`, their blocks cost the same DRAM bytes and L1 and L2 hits within
/// `tolerance` (write-backs of a full L2 ramp up over several waves), and the L2 stopped filling up over them
/// (its fill grew by at most a tenth of `tolerance`). The L1s are write-through, so their filling up causes no write-back
/// ramp; it shows, if at all, in the hits compared. Until a cache is full or its working set is in it, each wave finds it emptier than the
/// later waves will — an L2 still filling up evicts nothing, so it writes nothing back to DRAM — and such
/// waves do not stand for the rest. Lives on the timing model's thread.
class SteadyStateDetector {
public:
    SteadyStateDetector(std::uint64_t windowBlocks, const SamplingOptions& options);

    /// True when the next completion ends a window: the one call whose CacheFill is read.
    bool nextClosesWindow() const { return m_inWindow + 1 == m_windowBlocks; }
    /// A block finished at `cycle` (completions arrive in about time order) at `cost`, the caches `fill` full
    /// (read only when nextClosesWindow()); true once steady.
    bool onBlockFinished(std::uint64_t cycle, const BlockCost& cost, const CacheFill& fill);
    bool steady() const { return m_steady; }
    /// Blocks retired per cycle over the agreeing windows (0 until steady).
    double blocksPerCycle() const { return m_rate; }
    /// Once steady: the 2k agreeing windows run from the end of window `steadyFrom()` to the end of the last
    /// window, and retired `steadyBlocks()` blocks (the caller's per-window snapshots are indexed alike).
    std::size_t steadyFrom() const { return m_steadyFrom; }
    std::uint64_t steadyBlocks() const { return 2 * m_windowBlocks * std::max<std::uint32_t>(1, m_options.stableWindows); }

private:
    void closeWindow(const CacheFill& fill);

    std::uint64_t m_windowBlocks;
    SamplingOptions m_options;
    std::uint64_t m_inWindow = 0;
    std::uint64_t m_latest = 0; ///< the latest completion cycle so far
    std::vector<std::uint64_t> m_windowEnds; ///< completion cycle at the end of each window
    std::vector<CacheFill> m_fills; ///< the caches' fill at the end of each window
    BlockCost m_windowCost; ///< of the blocks retired in the open window
    std::vector<BlockCost> m_costs; ///< per closed window
    bool m_steady = false;
    double m_rate = 0;
    std::size_t m_steadyFrom = 0;
};

} // namespace engine::timing
