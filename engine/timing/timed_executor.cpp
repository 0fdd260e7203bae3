#include "engine/timing/timed_executor.h"

#include "engine/host/kernel_resources.h"

#include <algorithm>

namespace engine::timing {

TimedExecutor::TimedExecutor(TimingOptions options)
    : m_options(std::move(options))
{
}

Result<KernelOutcome> TimedExecutor::run(const simt::LaunchRequest& request, simt::DeviceMemory& memory,
    std::stop_token stop)
{
    if (!request.profile || !request.module)
        return Error { ErrorCode::InvalidArgument, "timed launch without a module or a device profile" };
    if (m_profile != request.profile || !m_memory) {
        m_profile = request.profile;
        m_memory = std::make_unique<MemoryHierarchy>(*request.profile);
    }
    TimingOptions options = m_options;
    options.deviceMemory = m_memory.get();
    const auto& fn = request.module->functions[request.kernel];
    if (request.registersPerThread > 0) {
        options.registersPerThread = request.registersPerThread;
    } else {
        const auto resources = moduleKernelResources(*request.module, deviceArchOf(*request.profile));
        if (const auto it = resources.find(fn.name); it != resources.end() && it->second.registers > 0)
            options.registersPerThread = static_cast<std::uint32_t>(it->second.registers);
    }
    // ptxas's count may be for a newer architecture than the device's (nvcc 13 stops at sm_75); ptxas for an
    // older device fits the block into its register file (spilling if it must), so cap the count at what one
    // block may have there.
    const std::uint64_t threads = std::uint64_t { request.block[0] } * request.block[1] * request.block[2];
    if (threads > 0) {
        const auto fit = static_cast<std::uint64_t>(request.profile->limits.maxRegistersPerBlock) / threads;
        options.registersPerThread = static_cast<std::uint32_t>(std::min<std::uint64_t>(options.registersPerThread, fit));
    }
    auto timed = runTimedKernel(request, memory, options, stop);
    if (!timed)
        return timed.error();
    KernelOutcome outcome;
    outcome.stats = timed->stats;
    outcome.memory = timed->memory;
    outcome.perPcMemory = timed->perPcMemory;
    outcome.timeUs = timed->timeUs;
    outcome.cycles = timed->cycles;
    outcome.achievedOccupancy = timed->achievedOccupancy;
    outcome.dramBytesRead = timed->dramBytesRead;
    outcome.dramBytesWritten = timed->dramBytesWritten;
    outcome.caches = timed->caches;
    outcome.intervals = std::move(timed.value().intervals);
    outcome.sampledRequests = std::move(timed.value().sampledRequests);
    outcome.sampledLanes = std::move(timed.value().sampledLanes);
    outcome.intervalsDropped = timed->intervalsDropped;
    outcome.sampled = timed->sampled;
    outcome.simulatedBlocks = timed->simulatedBlocks;
    m_last = std::move(timed).value();
    return outcome;
}

} // namespace engine::timing
