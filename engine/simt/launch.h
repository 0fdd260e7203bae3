#pragma once

#include "engine/common/result.h"
#include "engine/device/device_profile.h"
#include "engine/ptx/module.h"
#include "engine/simt/device_memory.h"
#include "engine/simt/execution_observer.h"
#include "engine/simt/printf_log.h"

#include <array>
#include <cstdint>
#include <functional>
#include <stop_token>
#include <vector>

namespace engine::simt {

/// Everything one kernel launch needs besides global memory.
struct LaunchRequest {
    const ptx::Module* module = nullptr;
    std::uint32_t kernel = 0; ///< index into module->functions; must be an .entry with a body
    std::array<std::uint32_t, 3> grid { 1, 1, 1 }; ///< blocks per dimension (%nctaid)
    std::array<std::uint32_t, 3> block { 1, 1, 1 }; ///< threads per dimension (%ntid)
    std::uint32_t dynamicSharedBytes = 0; ///< the launch's third <<<>>> argument
    /// The kernel's parameter block: each .param of the kernel at its Variable::offset, little-endian,
    /// Function::paramBytes long (see ParamBlockBuilder).
    std::vector<std::uint8_t> params;
    const DeviceProfile* profile = nullptr; ///< warpSize must be 32
    /// The module's .global/.const variables (DeviceMemory::loadModule); when null and the module has
    /// some, the launch places fresh copies itself.
    const ModuleImage* moduleImage = nullptr;
    std::uint64_t instructionBudget = 1'000'000'000; ///< warp instructions per launch; 0: unlimited
    /// Launched with cudaLaunchCooperativeKernel: every block co-resident, grid-wide sync available
    /// (cooperative_grid.h).
    bool cooperative = false;
    /// CTAs per thread-block cluster (cudaLaunchAttributeClusterDimension; CUDA C++ Programming Guide, "Thread
    /// Block Clusters"); zeros: the kernel's .reqnctapercluster (__cluster_dims__), or no cluster.
    std::array<std::uint32_t, 3> cluster { 0, 0, 0 };
    /// Registers per thread as ptxas allocates them for the device (engine/host/kernel_resources.h), for the
    /// timing model's occupancy and the cooperative launch's co-residency check; 0: not known to the caller
    /// (the timed executor then finds it itself).
    std::uint32_t registersPerThread = 0;
    /// Device printf's buffer (cudaLimitPrintfFifoSize; printf_log.h); null: printf output is dropped.
    PrintfLog* printfLog = nullptr;
    /// Called on the launch's thread each time a block finishes, with the blocks finished so far and the
    /// grid's block count (for progress bars); may be empty. A sampled timed launch stops short of the count.
    std::function<void(std::uint64_t blocksDone, std::uint64_t blockCount)> blockFinished;
};

/// Per-PC counters of one function (PCs are instruction indices within the function).
struct PcCounters {
    std::vector<std::uint64_t> warpExecutions; ///< warp-level issues of the instruction at each PC
    std::vector<std::uint64_t> threadExecutions; ///< sum of the lanes whose guard held
    std::vector<std::uint64_t> divergentBranches; ///< branches that split the warp at each PC
};

/// Zeroed counters for every function of `module`, indexed like Module::functions.
std::vector<PcCounters> makePcCounters(const ptx::Module& module);
/// Adds `from` (made for the same module) to `into` and sets `from` to zero.
void movePcCounters(std::vector<PcCounters>& from, std::vector<PcCounters>& into);

/// What a launch did, functionally.
struct LaunchStats {
    std::uint64_t warpInstructions = 0; ///< warp-level instructions issued
    std::uint64_t threadInstructions = 0; ///< sum over issued instructions of the lanes whose guard held
    std::uint64_t divergentBranches = 0;
    std::uint64_t blocks = 0;
    std::uint64_t warps = 0;
    std::vector<PcCounters> perFunction; ///< indexed like Module::functions
};

/// Runs a kernel to completion, functionally: every block, every warp, in a fixed order (blocks in
/// linear order, so results do not depend on scheduling). A user error (bad launch shape, memcheck
/// violation, deadlocked barrier, trap, exhausted instruction budget, cancellation) stops the launch
/// and returns an Error naming kernel, block, thread, PC and line; memory keeps what was written
/// before the stop. `observer` may be null.
Result<LaunchStats> runKernel(const LaunchRequest& request, DeviceMemory& memory, ExecutionObserver* observer,
    std::stop_token stop = {});

/// Builds a kernel's parameter block from its .param declarations (PTX ISA 8.5 §5.1.6.1).
class ParamBlockBuilder {
public:
    explicit ParamBlockBuilder(const ptx::Function& kernel);

    /// Stores `value`'s low bytes (as many as parameter `index`'s size) at its offset; false when index
    /// is out of range.
    bool set(std::size_t index, std::uint64_t value);
    /// Stores raw bytes (a struct passed by value); false when they do not fit the parameter.
    bool setBytes(std::size_t index, std::span<const std::uint8_t> bytes);

    const std::vector<std::uint8_t>& bytes() const { return m_bytes; }

private:
    const ptx::Function& m_kernel;
    std::vector<std::uint8_t> m_bytes;
};

} // namespace engine::simt
