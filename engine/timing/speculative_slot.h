#pragma once

#include "engine/common/host_cache.h"
#include "engine/simt/cta_runner.h"
#include "engine/simt/write_overlay.h"
#include "engine/timing/block_recorder.h"
#include "engine/timing/warp_trace.h"

#include <cstdint>
#include <stop_token>
#include <vector>

namespace engine::timing {

/// Where a committed block's counters go: the launch's own recorder and counters, those the serial run uses.
struct LaunchCounters {
    BlockRecorder* recorder = nullptr;
    std::vector<simt::PcCounters>* perFunction = nullptr;
    simt::IssueCounters* issue = nullptr;
    std::uint64_t* divergentBranches = nullptr;
};

/// One block of a batch that runs at the same time as the others of its launch (BlockSource, parallel mode), with
/// its own CtaRunner, recorder, counters and WriteOverlay: it changes nothing of the launch — memory, counters,
/// traces — until it is committed, and a dropped block leaves no trace.
class alignas(kThreadPrivateAlign) SpeculativeSlot {
public:
    struct Launch {
        const simt::LaunchPlan* plan = nullptr;
        simt::DeviceMemory* memory = nullptr; ///< unchanged while slots run; written by writeBack()
        const DeviceProfile* profile = nullptr;
        const ptx::Module* module = nullptr;
        std::uint32_t kernel = 0;
    };

    explicit SpeculativeSlot(const Launch& launch);
    SpeculativeSlot(const SpeculativeSlot&) = delete;
    SpeculativeSlot& operator=(const SpeculativeSlot&) = delete;

    /// Runs block `linear` against an empty overlay, its loads marking the bytes they read of the allocations in
    /// `written` (what earlier blocks wrote; simt::WriteOverlay::readWholeUnwritten, which keeps the pointer), of
    /// every allocation where it is null. `budget` bounds its warp instructions (0: none); past it, as past
    /// `traceBytes` of traces (0: none), on a fault or once `stop` is requested, the block has not completed.
    void run(std::uint64_t linear, std::uint64_t budget, std::uint64_t traceBytes, const std::stop_source& stop,
        const std::vector<std::uint64_t>* written);
    /// The allocations the block it ran last wrote.
    const std::vector<std::uint64_t>& writtenAllocations() const { return m_overlay.writtenAllocations(); }

    /// Ran to its end: no fault, no stop, no access the overlay could not serve.
    bool completed() const { return m_completed; }
    std::uint64_t warpInstructions() const { return m_issue.warpInstructions; }
    /// Wall seconds of every run() so far (HostPhases::blocksAheadBusy), kept in the slot its thread writes anyway.
    double runSeconds() const { return m_runSeconds; }
    /// Read, before writing it, a byte that `written` holds (what earlier blocks of its batch, or of the batch
    /// before, wrote).
    bool readsAny(const simt::WrittenPages& written) const { return m_overlay.readsAny(written); }

    /// Adds the bytes the block wrote to `written`, moves its counters into `into`, and hands out its traces, taking
    /// `recycled` for the next block. Its writes reach the launch's memory with writeBack(), before the slot runs
    /// again (a batch committed while the next one runs: block_source.h).
    std::vector<WarpTrace> commit(simt::WrittenPages& written, const LaunchCounters& into, std::vector<WarpTrace> recycled);
    /// Copies the bytes the committed block wrote into the launch's memory.
    void writeBack() const { m_overlay.writeBack(); }

private:
    /// Forgets the last block's overlay, counters and traces.
    void reset();

    BlockRecorder m_recorder;
    std::vector<simt::PcCounters> m_perFunction;
    simt::IssueCounters m_issue;
    simt::WriteOverlay m_overlay;
    simt::CtaRunner m_runner;
    bool m_completed = false;
    bool m_holdsTraces = false; ///< the recorder holds traces of a block not committed
    double m_runSeconds = 0;
};

} // namespace engine::timing
