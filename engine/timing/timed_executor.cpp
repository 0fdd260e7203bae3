#include "engine/timing/timed_executor.h"

#include "engine/host/kernel_resources.h"
#include "engine/ptx/issue_order.h"

#include <algorithm>

namespace engine::timing {

namespace {

    /// `module` with every function in ptxas's issue order (ptx/issue_order.h), and per function the PC in the
    /// PTX as written of each instruction.
    struct ScheduledModule {
        ptx::Module module;
        std::vector<std::vector<std::uint32_t>> originalPc;
    };

    ScheduledModule scheduledCopy(const ptx::Module& written)
    {
        ScheduledModule s { written, {} };
        for (ptx::Function& fn : s.module.functions)
            s.originalPc.push_back(ptx::scheduleIssueOrder(fn));
        return s;
    }

    template <typename T>
    void toWrittenOrder(std::vector<T>& perPc, const std::vector<std::uint32_t>& originalPc)
    {
        if (perPc.size() != originalPc.size())
            return;
        std::vector<T> written(perPc.size());
        for (std::size_t pc = 0; pc < perPc.size(); ++pc)
            written[originalPc[pc]] = std::move(perPc[pc]);
        perPc = std::move(written);
    }

    /// The launch's per-PC results under the PCs of the PTX as written.
    void toWrittenOrder(TimedLaunch& launch, const ScheduledModule& s, std::uint32_t kernel)
    {
        for (std::size_t f = 0; f < launch.stats.perFunction.size() && f < s.originalPc.size(); ++f) {
            auto& counters = launch.stats.perFunction[f];
            toWrittenOrder(counters.warpExecutions, s.originalPc[f]);
            toWrittenOrder(counters.threadExecutions, s.originalPc[f]);
            toWrittenOrder(counters.divergentBranches, s.originalPc[f]);
        }
        toWrittenOrder(launch.perPcMemory, s.originalPc[kernel]);
        for (MemoryRequest& request : launch.sampledRequests) {
            if (request.pc.value < s.originalPc[kernel].size())
                request.pc = Pc { s.originalPc[kernel][request.pc.value] };
        }
    }

} // namespace

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
        for (const auto& [address, bytes] : m_pendingWrites)
            m_memory->deviceWrite(address, bytes);
        m_pendingWrites.clear();
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
    // The SMs issue the instructions in the order ptxas gives them; results keep the PTX's own PCs.
    const ScheduledModule scheduled = scheduledCopy(*request.module);
    simt::LaunchRequest inIssueOrder = request;
    inIssueOrder.module = &scheduled.module;
    auto result = runTimedKernel(inIssueOrder, memory, options, stop);
    if (!result)
        return result.error();
    TimedLaunch timed = std::move(result).value();
    toWrittenOrder(timed, scheduled, request.kernel);
    KernelOutcome outcome;
    outcome.stats = timed.stats;
    outcome.memory = timed.memory;
    outcome.perPcMemory = timed.perPcMemory;
    outcome.timeUs = timed.timeUs;
    outcome.cycles = timed.cycles;
    outcome.achievedOccupancy = timed.achievedOccupancy;
    outcome.dramBytesRead = timed.dramBytesRead;
    outcome.dramBytesWritten = timed.dramBytesWritten;
    outcome.caches = timed.caches;
    outcome.intervals = std::move(timed.intervals);
    outcome.sampledRequests = std::move(timed.sampledRequests);
    outcome.sampledLanes = std::move(timed.sampledLanes);
    outcome.intervalsDropped = timed.intervalsDropped;
    outcome.sampled = timed.sampled;
    outcome.simulatedBlocks = timed.simulatedBlocks;
    m_last = std::move(timed);
    return outcome;
}

void TimedExecutor::deviceWritten(std::uint64_t address, std::uint64_t bytes)
{
    if (m_memory)
        m_memory->deviceWrite(address, bytes);
    else
        m_pendingWrites.emplace_back(address, bytes);
}

} // namespace engine::timing
