#include "engine/host/kernel_executor.h"

namespace engine {

Result<KernelOutcome> FunctionalExecutor::run(const simt::LaunchRequest& request, simt::DeviceMemory& memory,
    std::stop_token stop)
{
    const auto& kernel = request.module->functions[request.kernel];
    MemoryCounters counters(*request.profile, request.kernel, kernel.instructions.size());
    auto stats = simt::runKernel(request, memory, &counters, std::move(stop));
    if (!stats)
        return stats.error();
    KernelOutcome outcome;
    outcome.stats = std::move(stats).value();
    outcome.memory = counters.totals();
    outcome.perPcMemory = counters.perPc();
    outcome.sampledRequests = counters.sampled().requests();
    outcome.sampledLanes = counters.sampled().lanes();
    return outcome;
}

} // namespace engine
