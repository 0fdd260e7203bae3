#include "engine/timing/timed_executor.h"

#include "engine/host/kernel_resources.h"
#include "engine/ptx/issue_order.h"

#include <algorithm>
#include <map>
#include <string>

namespace engine::timing {

/// `module` with every function in ptxas's issue order (ptx/issue_order.h), and per function the PC in the PTX as
/// written of each instruction.
struct ScheduledModule {
    ptx::Module module;
    std::vector<std::vector<std::uint32_t>> originalPc;
};

namespace {

    ScheduledModule scheduledCopy(const ptx::Module& written)
    {
        ScheduledModule s { written, {} };
        for (ptx::Function& fn : s.module.functions)
            s.originalPc.push_back(ptx::scheduleIssueOrder(fn));
        return s;
    }

    /// `perPc` in the PTX's order, through `spare`: the arrays trade places, so a launch after the first reorders
    /// into the array an earlier launch gave up instead of a new one.
    template <typename T>
    void toWrittenOrder(std::vector<T>& perPc, const std::vector<std::uint32_t>& originalPc, std::vector<T>& spare)
    {
        if (perPc.size() != originalPc.size())
            return;
        spare.resize(perPc.size());
        for (std::size_t pc = 0; pc < perPc.size(); ++pc)
            spare[originalPc[pc]] = std::move(perPc[pc]);
        perPc.swap(spare);
    }

} // namespace

struct TimedExecutor::PreparedModule {
    const ptx::Module* written = nullptr;
    const DeviceProfile* profile = nullptr;
    ScheduledModule scheduled;
    StaticTable statics; ///< of scheduled.module
    std::map<std::string, KernelResources> resources; ///< moduleKernelResources for the profile's architecture
};

TimedExecutor::TimedExecutor(TimingOptions options)
    : m_options(std::move(options))
{
}

TimedExecutor::~TimedExecutor() = default;

const TimedExecutor::PreparedModule& TimedExecutor::prepared(const ptx::Module& module, const DeviceProfile& profile)
{
    if (!m_prepared || m_prepared->written != &module || m_prepared->profile != &profile) {
        auto p = std::make_unique<PreparedModule>();
        p->written = &module;
        p->profile = &profile;
        p->scheduled = scheduledCopy(module);
        p->statics = makeStaticTable(p->scheduled.module);
        p->resources = moduleKernelResources(module, deviceArchOf(profile));
        m_prepared = std::move(p);
    }
    return *m_prepared;
}

void TimedExecutor::toWrittenOrder(TimedLaunch& launch, const std::vector<std::vector<std::uint32_t>>& originalPc,
    std::uint32_t kernel)
{
    for (std::size_t f = 0; f < launch.stats.perFunction.size() && f < originalPc.size(); ++f) {
        auto& counters = launch.stats.perFunction[f];
        timing::toWrittenOrder(counters.warpExecutions, originalPc[f], m_spareCounts);
        timing::toWrittenOrder(counters.threadExecutions, originalPc[f], m_spareCounts);
        timing::toWrittenOrder(counters.divergentBranches, originalPc[f], m_spareCounts);
    }
    timing::toWrittenOrder(launch.perPcMemory, originalPc[kernel], m_spareMemory);
    for (MemoryRequest& request : launch.sampledRequests) {
        if (request.pc.value < originalPc[kernel].size())
            request.pc = Pc { originalPc[kernel][request.pc.value] };
    }
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
            m_memory->deviceWrite(address, bytes, resolveThreads(m_options.threads));
        m_pendingWrites.clear();
    }
    TimingOptions options = m_options;
    options.deviceMemory = m_memory.get();
    const auto& fn = request.module->functions[request.kernel];
    const PreparedModule& module = prepared(*request.module, *request.profile);
    if (request.registersPerThread > 0) {
        options.registersPerThread = request.registersPerThread;
    } else {
        const auto& resources = module.resources;
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
    simt::LaunchRequest inIssueOrder = request;
    inIssueOrder.module = &module.scheduled.module;
    options.statics = &module.statics;
    auto result = runTimedKernel(inIssueOrder, memory, options, stop);
    if (!result)
        return result.error();
    TimedLaunch timed = std::move(result).value();
    toWrittenOrder(timed, module.scheduled.originalPc, request.kernel);
    KernelOutcome outcome;
    outcome.stats = std::move(timed.stats);
    outcome.memory = timed.memory;
    outcome.perPcMemory = std::move(timed.perPcMemory);
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
        m_memory->deviceWrite(address, bytes, resolveThreads(m_options.threads));
    else
        m_pendingWrites.emplace_back(address, bytes);
}

} // namespace engine::timing
