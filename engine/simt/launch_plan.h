#pragma once

#include "engine/simt/launch.h"

#include <array>
#include <cstdint>
#include <vector>

namespace engine::simt {

/// Where a function's variables live during a launch (computed once per launch, read-only after).
struct FunctionLayout {
    /// Per Function::variables index: the byte offset in its space. .shared: offset in the CTA's shared
    /// memory; .local: offset in the thread's local memory; .param: offset in the frame's per-lane
    /// parameter area, or in the launch's parameter block for a kernel's own parameters.
    std::vector<std::uint64_t> variableOffset;
    std::vector<std::uint8_t> inParamBlock; ///< 1: a kernel parameter, read from LaunchRequest::params
    std::uint32_t paramFrameBytes = 0; ///< per lane: the function's params, returns and call arguments
    std::uint64_t localBase = 0; ///< where the function's .local variables start in a thread's local memory
};

/// A launch's shape and layouts: plain data shared by every block (and every worker thread).
struct LaunchPlan {
    const ptx::Module* module = nullptr;
    std::uint32_t kernelIndex = 0;
    std::array<std::uint32_t, 3> grid {};
    std::array<std::uint32_t, 3> block {};
    std::uint64_t blockCount = 0;
    std::uint32_t threadsPerBlock = 0;
    std::uint32_t warpsPerBlock = 0;
    std::vector<FunctionLayout> functions; ///< indexed like Module::functions
    std::vector<std::uint64_t> moduleVariableAddress; ///< .global/.const: global address; .shared: offset
    std::uint64_t staticSharedBytes = 0;
    std::uint64_t dynamicSharedBase = 0; ///< where `.extern .shared` arrays start
    std::uint64_t sharedBytes = 0; ///< per CTA, static + dynamic
    /// The system-reserved shared memory that %reserved_smem_offset_* point into (launch_environment.h), after
    /// sharedBytes; 0 bytes when no function of the module reads those registers.
    std::uint64_t reservedSharedBase = 0;
    std::uint64_t reservedSharedBytes = 0;
    bool cooperative = false; ///< cudaLaunchCooperativeKernel (cooperative_grid.h)
    /// CTAs per cluster ({1, 1, 1}: none); a launch of clusters runs every block interleaved (cooperative_grid.h)
    /// so that the CTAs of a cluster can read each other's shared memory and meet at barrier.cluster.
    std::array<std::uint32_t, 3> cluster { 1, 1, 1 };
    bool explicitCluster = false; ///< %is_explicit_cluster: launched with a cluster shape
    std::uint32_t clusterSize() const { return cluster[0] * cluster[1] * cluster[2]; }
    /// Every block runs interleaved with the others (cooperative launch, or clusters of two or more CTAs).
    bool interleaved() const { return cooperative || clusterSize() > 1; }
    std::uint64_t gridWorkspace = 0; ///< global address of the grid-sync workspace (%envreg1:%envreg2); 0: none
    PrintfLog* printfLog = nullptr; ///< LaunchRequest::printfLog
    std::uint64_t localBytesPerThread = 0;
    std::vector<std::uint8_t> params; ///< the kernel parameter block
    std::uint64_t instructionBudget = 0;
};

/// Checks the request (kernel, shape, parameter block size) and lays out every space.
Result<LaunchPlan> makeLaunchPlan(const LaunchRequest& request, const ModuleImage& image);

/// "offsetCopy" (or the mangled name when not demangled) for messages.
std::string kernelDisplayName(const ptx::Function& fn);

} // namespace engine::simt
