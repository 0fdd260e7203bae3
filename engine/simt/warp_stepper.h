#pragma once

#include "engine/simt/cta_runner.h"
#include "engine/simt/launch.h"

#include <functional>
#include <memory>
#include <optional>

namespace engine::simt {

/// Why a stepping command stopped.
enum class StepStop : std::uint8_t {
    Stepped, ///< the requested instructions were issued
    Barrier, ///< the selected warp reached a barrier (runToBarrier)
    Breakpoint, ///< the selected warp is at the requested PC or line
    WarpDone, ///< the selected warp has finished
    Fault, ///< the launch stopped with an error (see WarpStepper::error)
    AtStart, ///< stepBack at the first instruction
};

/// Steps one block of a launch, one warp instruction at a time, for the GUI's warp stepper and for
/// tests. Lives on one thread (the GUI's worker). Global stores go to the given DeviceMemory and are
/// journaled, so stepping back undoes them.
///
/// Progress policy: a step issues one instruction of the selected warp. When the selected warp waits at
/// a barrier, the block's other warps run first (in index order, each until it waits at a barrier or
/// finishes) until the barrier releases it; other warps never run ahead otherwise. A deadlocked barrier
/// is reported as a fault.
///
/// Step back: checkpoints of the block's state every kCheckpointInterval steps, then deterministic
/// re-execution from the nearest one; stepping back then forward gives identical state.
class WarpStepper {
public:
    static constexpr std::uint64_t kCheckpointInterval = 64;

    /// Prepares block `block` of the launch; an error when the request or the block is invalid.
    static Result<std::unique_ptr<WarpStepper>> create(const LaunchRequest& request, DeviceMemory& memory,
        std::array<std::uint32_t, 3> block);
    ~WarpStepper();

    void selectWarp(std::uint32_t warp);
    std::uint32_t selectedWarp() const { return m_selected; }
    std::uint32_t warpCount() const;

    StepStop step();
    StepStop stepBack();
    StepStop runToBarrier(std::uint64_t maxSteps = 10'000'000);
    StepStop runToPc(std::uint32_t function, std::uint32_t pc, std::uint64_t maxSteps = 10'000'000);
    /// Runs until the selected warp is at an instruction whose `.loc` line is `line` (CUDA source line).
    StepStop runToSourceLine(std::uint32_t line, std::uint64_t maxSteps = 10'000'000);
    StepStop runToEnd(std::uint64_t maxSteps = 10'000'000);

    /// Steps taken so far (stepBack decrements).
    std::uint64_t stepCount() const { return m_steps; }
    const std::optional<Error>& error() const { return m_error; }

    // State of the selected warp.
    WarpStatus status() const;
    std::uint32_t function() const; ///< Module::functions index of the top frame
    std::uint32_t pc() const; ///< next instruction (kNoPc when done)
    std::uint32_t activeMask() const;
    std::uint32_t exitedMask() const;
    /// A register of the top frame for one lane (floats as their bits; predicates 0 or 1).
    std::uint64_t registerValue(ptx::RegRef reg, std::uint32_t lane) const;
    /// The selected warp's last memory instruction (valid == false when it has issued none).
    const LastAccess& lastAccess() const;
    const CtaState& cta() const;

private:
    struct Checkpoint;
    WarpStepper(LaunchPlan plan, DeviceMemory& memory);

    StepStop stepOnce();
    bool advanceOthers();
    void checkpoint();
    void restore(const Checkpoint& cp);
    StepStop runUntil(std::uint64_t maxSteps, const std::function<bool()>& stop, StepStop reason);

    LaunchPlan m_plan;
    DeviceMemory& m_memory;
    std::vector<PcCounters> m_counters;
    IssueCounters m_issue;
    std::unique_ptr<CtaRunner> m_runner;
    WriteJournal m_journal;
    std::vector<Checkpoint> m_checkpoints;
    std::vector<LastAccess> m_lastAccess; ///< per warp
    std::vector<std::uint32_t> m_history; ///< the warp selected at each step, for re-execution
    std::uint32_t m_selected = 0;
    std::uint64_t m_steps = 0;
    std::uint64_t m_block = 0;
    std::optional<Error> m_error;
};

} // namespace engine::simt
