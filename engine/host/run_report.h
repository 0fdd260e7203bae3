#pragma once

#include "engine/host/kernel_executor.h"
#include "engine/host/kernel_resources.h"
#include "engine/host/resolved_scenario.h"
#include "engine/host/stream_scheduler.h"

#include <string>
#include <vector>

namespace engine {

/// One kernel launch of a scenario run.
struct LaunchReport {
    std::string kernel; ///< the plain name ("offsetCopy")
    std::string mangled;
    Dim3 grid { 1, 1, 1 };
    Dim3 block { 1, 1, 1 };
    std::uint32_t dynamicSharedBytes = 0;
    std::uint64_t staticSharedBytes = 0;
    int stream = 0;
    std::string stepPath; ///< "/steps/1"
    KernelOutcome outcome;
    int registersPerThread = 0; ///< as ptxas allocates them for the device, or estimated (kernel_resources.h)
    std::string registersSource; ///< "ptxas sm_90", "ptxas sm_90 (recorded)" or "estimated"
    KernelResources resources; ///< registers, shared and local memory, spills
    double theoreticalOccupancy = 0; ///< with the launch's shared memory and registersPerThread
    std::vector<simt::PrintfLine> printf; ///< device printf output, in the order simt/printf_log.h gives
    std::uint64_t printfDropped = 0; ///< lines the full printf buffer overwrote
};

/// A buffer's contents when the run ended (for --dump and tests).
struct BufferImage {
    std::string name;
    bool host = false;
    std::uint64_t deviceAddress = 0; ///< device buffers
    std::vector<std::uint8_t> bytes;
};

/// Everything a scenario run produced.
struct RunReport {
    std::string device; ///< profile id
    std::string scenario; ///< file path
    std::string scenarioName;
    ParamValues params;
    std::vector<LaunchReport> launches;
    std::vector<TimelineEntry> timeline;
    double totalTimeUs = 0;
    bool kernelsTimed = false; ///< false: kernels ran functionally and took no modeled time
    /// False when a launch was sampled (KernelOutcome::sampled): buffers then hold what the simulated blocks
    /// wrote, not the program's result, and `buffers` is left empty.
    bool outputsComplete = true;
    std::vector<BufferImage> buffers; ///< empty when !outputsComplete or RunOptions::collectBuffers is off
    /// The module's __constant__ and __device__ variables at the end, collected like `buffers`.
    std::vector<BufferImage> symbols;
};

} // namespace engine
