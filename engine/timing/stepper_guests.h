#pragma once

#include "engine/timing/block_source.h"
#include "engine/timing/sm_window_stepper.h"

#include <atomic>

namespace engine::timing {

/// The threads of a launch's blocks as the guests of its SMs' stepper (WindowWorkers::helpOne), where the stepper's
/// own threads and the blocks' would outnumber the cores but either alone would not: one thread per core for both.
/// Lent threads spin between their jobs, so never where they alone outnumber the cores.
/// - Blocks in batches lend their batches' threads, from before the first wave's batches on so that none sleeps past
///   them; they help once the stepper is there. The thread that commits the batches helps while it rests
///   (batchThreads).
/// - The pipeline of two threads (a third running the blocks) lends its blocks' thread on two cores, which helps
///   while it rests (its queue full) and once it ran its last block.
/// On the device machine (bench/README.md, "Twentieth round"), 16 threads: muld 1 024 4.34-4.54 -> 4.11-4.14 s, muld
/// 512 0.57-0.67 -> 0.55-0.57 s; two cores, the 16 M copy 1.74-2.07 -> 1.55-1.81 s; but 8 threads of 16 cores, where
/// both sets fit, the copy 0.38-0.46 s apart, 0.45-0.48 s lent.
class StepperGuests {
public:
    /// The threads a launch windowed on `threads` threads (`pipeline`: runTimedKernel's pipeline of two) runs its
    /// blocks' batches on, `ownCommitter`: when they commit on a thread of their own (BlockSource, not
    /// batchesOnCaller). One fewer where their threads are the stepper's guests: that committing thread is then the
    /// stepper's last guest, helping while it rests (BlockSource::helpWhileResting), and the two sets run one thread
    /// per core. With a thread of each set on every core and the committing thread beside them, that thread shared a
    /// core with a stepping thread: on the device machine (bench/README.md, "Twenty-fourth round") the 16 M copy's
    /// SMs on 16 threads then took its blocks as fast as that thread committed them in 11 of 17 launches, waiting
    /// 0.10-0.16 s of a 0.28-0.43 s launch for them against 0.01-0.05 s in the others; so, in nine launches
    /// alternated with nine of the one thread more, 0.014-0.023 s every time, the launch 0.26-0.36 -> 0.26-0.32 s.
    static unsigned batchThreads(unsigned threads, bool pipeline, bool ownCommitter);

    /// For a launch windowed on `threads` threads (`pipeline`: runTimedKernel's pipeline of two). Lends the batches'
    /// threads at once where they are to be guests.
    StepperGuests(BlockSource& source, unsigned threads, bool pipeline);
    /// Ends the lending: no thread of the blocks' helps the stepper once this returns.
    ~StepperGuests();
    StepperGuests(const StepperGuests&) = delete;
    StepperGuests& operator=(const StepperGuests&) = delete;

    /// Of a stepper's `stepping` threads, those that are guests.
    unsigned guests(unsigned stepping) const;
    /// The blocks' threads help `stepper`, made with guests(stepping) guests, from now on.
    void attach(SmWindowStepper& stepper, unsigned stepping);

private:
    BlockSource& m_source;
    bool m_lendsWorker = false;
    bool m_lendsBatches = false;
    bool m_lendsCommitter = false; ///< the batches' committing thread is the stepper's last guest (batchThreads)
    unsigned m_threads = 0;
    std::atomic<SmWindowStepper*> m_stepper { nullptr }; ///< whom the batches' threads help, once attached
};

} // namespace engine::timing
