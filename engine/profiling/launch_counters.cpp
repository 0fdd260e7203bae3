#include "engine/profiling/launch_counters.h"

#include "engine/host/kernel_executor.h"

namespace engine {

LaunchCounters launchCountersOf(const ptx::Module& module, const KernelOutcome& outcome)
{
    LaunchCounters counters;
    const auto& perFunction = outcome.stats.perFunction;
    for (std::size_t f = 0; f < perFunction.size() && f < module.functions.size(); ++f)
        addInstructionMix(counters.mix, module.functions[f], perFunction[f].warpExecutions, perFunction[f].threadExecutions);
    counters.memory = outcome.memory;
    counters.caches = outcome.caches;
    counters.dramBytesRead = outcome.dramBytesRead;
    counters.dramBytesWritten = outcome.dramBytesWritten;
    counters.cycles = outcome.cycles;
    return counters;
}

} // namespace engine
